import { Card, Classes, H4, HTMLSelect } from '@blueprintjs/core';
import { useState } from 'react';
import type { Schemas } from '@/api/types';
import { GOAL_SIZE, GoalMouth, POOL_SIZE, PoolHalf } from '@/components/pool-drawings/pool-drawings';
import { countByOutcome, type MappedShot, OUTCOMES, placed, shooters, teamShots } from '@/features/matches/report/shot-map';
import { LegendMarker, ShotMarker } from '@/features/matches/report/shot-marker';

type MatchEvent = Schemas['EventView'];
type LineupEntry = Schemas['MatchPlayerView'];

const ALL = '';
const OUTCOME_LABELS = Object.fromEntries(OUTCOMES.map(({ outcome, label }) => [outcome, label]));

/** "N shots without a location", or nothing when every shot has one. */
const unplacedNote = (count: number, point: string) => (count === 0 ? null : `${count} ${count === 1 ? 'shot' : 'shots'} without ${point}`);

interface PictureProps {
  label: string;
  shots: readonly MappedShot[];
  by: 'location' | 'target';
  playerName: (id: number) => string;
}

/** One picture with the shots it can place, and a note of those it cannot. */
function ShotPicture({ label, shots, by, playerName }: PictureProps) {
  const { width, height } = by === 'location' ? POOL_SIZE : GOAL_SIZE;
  const { marked, unplaced } = placed(shots, by);
  const r = Math.max(width, height) / 40;
  const note = unplacedNote(unplaced, by === 'location' ? 'a location' : 'a target');
  return (
    <figure className="pd-shot-picture">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
        {by === 'location' ? <PoolHalf /> : <GoalMouth />}
        {marked.map((shot) => (
          <ShotMarker
            key={shot.eventId}
            outcome={shot.outcome}
            x={shot.at.x * width}
            y={shot.at.y * height}
            r={r}
            title={`${OUTCOME_LABELS[shot.outcome]}: ${playerName(shot.takenById)}`}
          />
        ))}
      </svg>
      <figcaption>
        {label}
        {note && <span className={`${Classes.TEXT_MUTED} pd-shot-note`}> — {note}</span>}
      </figcaption>
    </figure>
  );
}

interface TeamShotMapsProps {
  teamId: number;
  teamName: string;
  events: readonly MatchEvent[];
  lineup: readonly LineupEntry[];
}

/**
 * One team's shots on the pool half (where they were taken) and the goal mouth (where they
 * went), with a legend of the outcomes and their counts; a select narrows them to one shooter.
 */
export function TeamShotMaps({ teamId, teamName, events, lineup }: TeamShotMapsProps) {
  const [player, setPlayer] = useState(ALL);
  const playerName = (id: number) => {
    const entry = lineup.find((row) => row.playerId === id);
    if (!entry) return `Player ${id}`;
    return entry.player ? `#${entry.capNumber} ${entry.player.name} ${entry.player.surname}` : `#${entry.capNumber}`;
  };
  const choices = shooters(events, teamId)
    .map((id) => ({ id, cap: lineup.find((row) => row.playerId === id)?.capNumber ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.cap - b.cap)
    .map(({ id }) => ({ value: String(id), label: playerName(id) }));
  // A shooter who is gone after a reload leaves the map on all players.
  const chosen = choices.some((choice) => choice.value === player) ? player : ALL;
  const shots = teamShots(events, teamId, chosen === ALL ? null : Number(chosen));
  const counts = countByOutcome(shots);
  const selectId = `pd-shot-player-${teamId}`;

  return (
    <Card className="pd-shot-maps" role="region" aria-label={`${teamName} shots`}>
      <div className="pd-shot-maps-head">
        <H4>{teamName}</H4>
        <span className="pd-no-print pd-shot-player">
          <label htmlFor={selectId}>Player</label>
          <HTMLSelect
            id={selectId}
            value={chosen}
            onChange={(event) => setPlayer(event.currentTarget.value)}
            options={[{ value: ALL, label: 'All players' }, ...choices]}
          />
        </span>
        <span className="pd-print-only">{chosen === ALL ? 'All players' : playerName(Number(chosen))}</span>
      </div>
      <div className="pd-shot-pictures">
        <ShotPicture label="Shot locations" shots={shots} by="location" playerName={playerName} />
        <ShotPicture label="Goal targets" shots={shots} by="target" playerName={playerName} />
      </div>
      <ul className="pd-shot-legend" aria-label={`${teamName} shot outcomes`}>
        {OUTCOMES.map(({ outcome, label }) => (
          <li key={outcome}>
            <LegendMarker outcome={outcome} />
            <span>
              {label} {counts[outcome]}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
