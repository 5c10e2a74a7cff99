/** The parts of the live match page below its header: the play-by-play, the lineups, the officials. */
import { Card, Classes, H3, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { officialRoleLabel } from '@/lib/match-codes';
import { lineup, type PlayRow, type TimeoutsLeft } from '@/features/live/live-match';
import type { Match } from '@/features/live/public-api';

export const NO_PLAYS = 'Nothing has happened yet.';

/** The log newest first: period, time, team, cap and player, what happened, the score a goal made. */
export function PlayByPlay({ rows }: { rows: readonly PlayRow[] }) {
  if (rows.length === 0) return <NonIdealState icon="list" description={NO_PLAYS} className="pd-table-empty" />;
  return (
    <div className="pd-live-scroll">
      <HTMLTable compact striped className="pd-table pd-live-plays" aria-label="Play-by-play">
        <thead className="pd-phone-sr-only">
          <tr>
            <th>Period</th>
            <th>Time</th>
            <th>Team</th>
            <th>Player</th>
            <th>What happened</th>
            <th>Score</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className={row.score ? 'pd-live-goal' : undefined}>
              <td>{row.period}</td>
              <td>{row.time}</td>
              <td className={row.side ? `pd-live-side-${row.side}` : undefined}>{row.team}</td>
              <td>{row.player}</td>
              <td>{[row.type, row.details].filter(Boolean).join(': ')}</td>
              <td className="pd-live-play-score">{row.score && <strong>{row.score}</strong>}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** The timeouts a team has left as dots, filled for each one left. */
export function TimeoutDots({ left, team }: { left: number; team: string }) {
  return (
    <span className="pd-timeout-dots" role="img" aria-label={`${team}: ${left} ${left === 1 ? 'timeout' : 'timeouts'} left`}>
      {[0, 1].map((index) => (
        <span key={index} className={index < left ? 'pd-timeout-dot pd-timeout-left' : 'pd-timeout-dot'} />
      ))}
    </span>
  );
}

export function TimeoutsRow({ match, left }: { match: Match; left: TimeoutsLeft }) {
  return (
    <div className="pd-live-timeouts">
      <TimeoutDots left={left.home} team={match.homeTeamDisplayName} />
      <span className={Classes.TEXT_MUTED}>Timeouts</span>
      <TimeoutDots left={left.away} team={match.awayTeamDisplayName} />
    </div>
  );
}

function TeamLineup({ match, teamId, name }: { match: Match; teamId: number; name: string }) {
  const players = lineup(match, teamId);
  return (
    <Card className="pd-live-lineup" role="region" aria-label={`${name} lineup`}>
      <H3>{name}</H3>
      {players.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>No lineup yet.</p>
      ) : (
        <ol className="pd-live-caps">
          {players.map((player) => (
            <li key={`${player.cap} ${player.name}`}>
              <span className="pd-live-cap">{player.cap}</span> {player.name}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function Lineups({ match }: { match: Match }) {
  return (
    <div className="pd-live-two">
      <TeamLineup match={match} teamId={match.homeTeamId} name={match.homeTeamDisplayName} />
      <TeamLineup match={match} teamId={match.awayTeamId} name={match.awayTeamDisplayName} />
    </div>
  );
}

/** The officials by name and role; the referees and delegates the match names otherwise. */
export function Officials({ match }: { match: Match }) {
  const named = match.officials.flatMap((entry) =>
    entry.official ? [{ key: String(entry.id), role: officialRoleLabel(entry.roleId), name: `${entry.official.name} ${entry.official.surname}` }] : [],
  );
  const people =
    named.length > 0
      ? named
      : [
          ...match.referees.map((person, index) => ({ key: `r${index}`, role: 'Referee', name: `${person.name} ${person.surname}` })),
          ...match.delegates.map((person, index) => ({ key: `d${index}`, role: 'Delegate', name: `${person.name} ${person.surname}` })),
        ];
  if (people.length === 0) return null;
  return (
    <Card role="region" aria-label="Officials">
      <H3>Officials</H3>
      <dl className="pd-live-officials">
        {people.map((person) => (
          <div key={person.key}>
            <dt className={Classes.TEXT_MUTED}>{person.role}</dt>
            <dd>{person.name}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
