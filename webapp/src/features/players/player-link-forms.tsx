import { ClubLinkForm } from '@/components/person-pages/club-link-form';
import { useCodeList, useTeamChoices } from '@/components/profile-picker/choices';
import { RowForm } from '@/components/profile-picker/row-form';
import { PlayerTeamRowFields } from '@/features/players/player-team-row-fields';
import { emptyPlayerTeamRow, playerTeamRowErrors, playerTeamRowInput } from '@/features/players/player-validation';
import { addClubPlayer, addTeamPlayer, PLAYER_SAVED } from '@/features/players/players-api';

interface LinkFormProps {
  playerId: number;
  /** The clubs or teams the player already plays in: disabled in the picker. */
  takenIds: readonly number[];
  onSaved: () => void;
  onCancel: () => void;
}

/** Adds a club to an existing player (POST /api/ClubPlayers). */
export function PlayerClubForm({ playerId, ...form }: LinkFormProps) {
  return (
    <ClubLinkForm
      idPrefix="player-club"
      save={(input) => addClubPlayer({ ...input, playerId })}
      successText={PLAYER_SAVED}
      {...form}
    />
  );
}

/** Adds an existing player to a team (POST /api/TeamPlayers): position and cap number. */
export function PlayerTeamForm({ playerId, takenIds, onSaved, onCancel }: LinkFormProps) {
  const teams = useTeamChoices();
  const positions = useCodeList('/api/Positions');
  return (
    <RowForm
      initial={emptyPlayerTeamRow()}
      validate={(row) => playerTeamRowErrors(row, '')}
      save={(row) => addTeamPlayer({ ...playerTeamRowInput(row), playerId })}
      successText={PLAYER_SAVED}
      onSaved={onSaved}
      onCancel={onCancel}
      renderFields={(row, errors, change) => (
        <div className="pd-membership-row-fields">
          <PlayerTeamRowFields
            idPrefix="player-team"
            path=""
            row={row}
            teams={teams}
            positions={positions}
            takenIds={takenIds}
            errors={errors}
            onChange={change}
          />
        </div>
      )}
    />
  );
}
