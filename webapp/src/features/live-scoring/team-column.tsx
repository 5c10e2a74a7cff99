import { Button, Classes, Tag } from '@blueprintjs/core';
import type { Side } from '@/features/live-scoring/key-grammar';
import { callsLeft, exclusionsOf, isOut, lineupOf, type ScoringState } from '@/features/live-scoring/scoring-state';
import type { ScoringDispatch } from '@/features/live-scoring/use-scoring';
import { EXCLUSIONS_PER_PLAYER } from '@/lib/event-rules';
import { EXCLUSION_TYPES } from '@/lib/match-codes';

/** The score sheet's codes of the exclusion types (spec 02 §9), as the boxes show them. */
const EXCLUSION_CODES: Readonly<Record<number, string>> = { 1000: 'E', 1001: 'ES', 1002: 'EB', 1003: 'P' };

export const SIDE_COLOUR: Readonly<Record<Side, string>> = { home: 'White', away: 'Blue' };

interface TeamColumnProps {
  side: Side;
  state: ScoringState;
  dispatch: ScoringDispatch;
}

/**
 * One team's column (home white, away blue): its timeouts and challenges left, and every lineup
 * player by cap with his three exclusion boxes; a player out of the match cannot be picked.
 */
export function TeamColumn({ side, state, dispatch }: TeamColumnProps) {
  const match = state.match!;
  const name = side === 'home' ? match.homeTeamDisplayName : match.awayTeamDisplayName;
  const key = side === 'home' ? 'w' : 'b';
  const at = () => new Date().toISOString();
  return (
    <section className={`pd-team pd-team-${side}`} aria-label={`${name} (${SIDE_COLOUR[side]})`}>
      <header className="pd-team-header">
        <h2 className={Classes.HEADING}>{name}</h2>
        <Tag minimal multiline round>
          {SIDE_COLOUR[side]} · {key}
        </Tag>
      </header>
      <div className="pd-team-calls">
        <Button
          small
          icon="pause"
          text={`Timeouts left: ${callsLeft(state, 'timeout', side)}`}
          title={`t ${key}`}
          disabled={callsLeft(state, 'timeout', side) === 0}
          onClick={() => dispatch({ type: 'teamCall', call: 'timeout', side, at: at() })}
        />
        <Button
          small
          icon="eye-open"
          text={`Challenges left: ${callsLeft(state, 'challenge', side)}`}
          title={`h ${key}`}
          disabled={callsLeft(state, 'challenge', side) === 0}
          onClick={() => dispatch({ type: 'teamCall', call: 'challenge', side, at: at() })}
        />
      </div>
      <ol className="pd-team-players">
        {lineupOf(match, side).map((player) => {
          const exclusions = exclusionsOf(state.events, player.playerId);
          const out = isOut(state.events, player.playerId);
          const selected = state.selection?.playerId === player.playerId;
          const keeper = state.keepers[side] === player.playerId;
          return (
            <li key={player.playerId}>
              <button
                type="button"
                className={['pd-player', selected ? 'pd-player-selected' : '', out ? 'pd-player-out' : ''].join(' ')}
                aria-pressed={selected}
                disabled={out}
                onClick={() => dispatch({ type: 'pickPlayer', pick: { side, playerId: player.playerId } })}
              >
                <span className="pd-player-cap">{player.capNumber}</span>
                <span className="pd-player-name">
                  {player.player ? `${player.player.name} ${player.player.surname}` : `player ${player.playerId}`}
                </span>
                {keeper && (
                  <Tag minimal multiline className="pd-player-keeper" title="Active goalkeeper">
                    GK
                  </Tag>
                )}
                <span className="pd-player-exclusions" aria-label={`Exclusions: ${exclusions.length}`}>
                  {Array.from({ length: EXCLUSIONS_PER_PLAYER }, (_, box) => {
                    const exclusion = exclusions[box];
                    return (
                      <span key={box} className="pd-exclusion-box" title={exclusion ? EXCLUSION_TYPES[exclusion.typeId] : undefined}>
                        {exclusion ? EXCLUSION_CODES[exclusion.typeId] : ''}
                      </span>
                    );
                  })}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
