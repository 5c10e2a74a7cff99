import { ClubLinkForm } from '@/components/person-pages/club-link-form';
import { PLAYER_TEAM_ROW, TeamRowForm } from '@/components/memberships/team-row-fields';
import { emptyPlayerTeamRow, playerTeamRowInput } from '@/components/memberships/team-rows';
import { addClubPlayer, addTeamPlayer, PLAYER_SAVED } from '@/lib/memberships-api';

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
export function PlayerTeamForm({ playerId, ...form }: LinkFormProps) {
  return (
    <TeamRowForm
      kind={PLAYER_TEAM_ROW}
      idPrefix="player-team"
      initial={emptyPlayerTeamRow()}
      save={(row) => addTeamPlayer({ ...playerTeamRowInput(row), playerId })}
      successText={PLAYER_SAVED}
      {...form}
    />
  );
}
