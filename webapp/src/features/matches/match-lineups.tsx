import { Button, Callout, HTMLTable, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, errorMessage } from '@/api/client';
import type { Schemas } from '@/api/types';
import { TableHead } from '@/components/data-table/table-content';
import { LineupsEditor } from '@/components/lineup-editor/lineup-editor';
import { useRosters } from '@/components/lineup-editor/use-rosters';
import {
  KEPT_PLAYERS,
  type Lineups,
  lineupInput,
  lineupsOf,
  namedPlayers,
  personName,
  removedReferenced,
  sameLineups,
  setSlot,
  type Side,
  teamOf,
} from '@/lib/lineup-draft';
import { coachRoleLabel } from '@/lib/match-codes';
import { showError, showSuccess } from '@/lib/toaster';
import { useCan } from '@/state/use-can';
import { useOwnsMatch } from '@/lib/ownership';
import { getEvents } from '@/features/matches/matches-api';

type Match = Schemas['Match'];

export const LINEUP_SAVED = 'Lineup successfully saved.';
export const LINEUPS_LOCKED = 'Lineups can change only before the match starts.';

const teamNames = (match: Match): Record<Side, string> => ({ home: match.homeTeamDisplayName, away: match.awayTeamDisplayName });

/** Whether the user may change this match's lineups now (spec 02 §4 "Lineups"). */
function useMayEditLineups(match: Match): boolean {
  const canUpdate = useCan('Matches', 'Update');
  const owns = useOwnsMatch(match);
  return canUpdate && owns && match.statusId === 200;
}

function Bench({ match, side }: { match: Match; side: Side }) {
  const coaches = match.coaches.filter((coach) => coach.teamId === teamOf(match, side));
  return (
    <HTMLTable compact className="pd-table" aria-label={`${teamNames(match)[side]} coaches`}>
      <TableHead titles={['Coach', 'Role']} />
      <tbody>
        {coaches.length === 0 ? (
          <tr>
            <td colSpan={2}>—</td>
          </tr>
        ) : (
          coaches.map((coach) => (
            <tr key={coach.id}>
              <td>{personName(coach.coach, `#${coach.coachId}`)}</td>
              <td>{coachRoleLabel(coach.roleId)}</td>
            </tr>
          ))
        )}
      </tbody>
    </HTMLTable>
  );
}

/** The players events name in this match: they stay in the lineup. */
function useNamedPlayers(matchId: number): ReadonlySet<number> {
  const [named, setNamed] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => {
    let current = true;
    getEvents(matchId).then(
      (events) => current && setNamed(namedPlayers(events)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [matchId]);
  return named;
}

/**
 * /matches/:matchId/lineups/edit: both teams' 16 slots picked from their rosters, saved through
 * `PUT /api/Matches/{id}/players`.
 */
function LineupsEdit({ match, onSaved, onClose }: { match: Match; onSaved: () => void; onClose: () => void }) {
  const saved = lineupsOf(match);
  const [lineups, setLineups] = useState<Lineups>(saved);
  const [saving, setSaving] = useState(false);
  const rosters = useRosters(match.homeTeamId, match.awayTeamId);
  const named = useNamedPlayers(match.id);
  const editable = useMayEditLineups(match);

  const save = async () => {
    const kept = removedReferenced(saved, lineups, named);
    if (kept.length > 0) {
      void showError(`${KEPT_PLAYERS} ${kept.join(', ')}.`);
      return;
    }
    setSaving(true);
    try {
      await api.put(`/api/Matches/${match.id}/players`, { matchId: match.id, matchPlayers: lineupInput(match, lineups) });
      void showSuccess(LINEUP_SAVED);
      onSaved();
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div>
      {!editable && (
        <Callout intent={Intent.WARNING} style={{ marginBottom: 12 }}>
          {LINEUPS_LOCKED}
        </Callout>
      )}
      <LineupsEditor
        teamNames={teamNames(match)}
        lineups={lineups}
        rosters={rosters}
        editable={editable}
        onChange={(side, slot, player) => {
          const changed = setSlot(lineups, side, slot, player, named);
          if ('refused' in changed) void showError(changed.refused);
          else setLineups(changed.lineups);
        }}
      />
      <div className="pd-form-footer" style={{ marginTop: 16 }}>
        <Button text="Cancel" onClick={onClose} disabled={saving} />
        <Button
          intent={Intent.PRIMARY}
          text={saving ? 'Saving' : 'Save'}
          disabled={!editable || saving || sameLineups(lineups, saved)}
          onClick={() => void save()}
        />
      </div>
    </div>
  );
}

/**
 * The Lineups tab: both teams' cap slots 1 to 16 (keepers in 1 and 13) and their coaches, with
 * an Edit button for users who may change them; at /matches/:matchId/lineups/edit, the editor.
 */
export function MatchLineups({ match, onSaved }: { match: Match; onSaved: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = `/matches/${match.id}/lineups`;
  const editable = useMayEditLineups(match);
  if (pathname === `${base}/edit`) {
    const close = () => navigate(base);
    return (
      <LineupsEdit
        match={match}
        onClose={close}
        onSaved={() => {
          onSaved();
          close();
        }}
      />
    );
  }
  return (
    <div>
      {editable && (
        <div className="pd-page-actions" style={{ marginBottom: 12 }}>
          <Button icon="edit" text="Edit lineups" onClick={() => navigate(`${base}/edit`)} />
        </div>
      )}
      <LineupsEditor
        teamNames={teamNames(match)}
        lineups={lineupsOf(match)}
        rosters={{ home: null, away: null }}
        editable={false}
        onChange={() => undefined}
        below={(side) => <Bench match={match} side={side} />}
      />
    </div>
  );
}
