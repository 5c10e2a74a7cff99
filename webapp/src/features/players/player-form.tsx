import { H5 } from '@blueprintjs/core';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { useClubChoices, useCodeList, useTeamChoices } from '@/components/profile-picker/choices';
import { ClubRowFields, MembershipRows } from '@/components/profile-picker/membership-rows';
import {
  CLUB_OR_TEAM_PATH,
  type ClubRow,
  EMPTY_CLUB_ROW,
  takenIds,
} from '@/components/profile-picker/membership-validation';
import { ProfilePicker } from '@/components/profile-picker/profile-picker';
import { useEntityForm } from '@/lib/use-entity-form';
import { PlayerInfoFields } from '@/features/players/player-info-fields';
import { PlayerTeamRowFields } from '@/features/players/player-team-row-fields';
import {
  emptyPlayerTeamRow,
  initialPlayerValues,
  newPlayerInput,
  type PlayerInfoValues,
  type PlayerTeamRow,
  type PlayerValues,
  validatePlayer,
} from '@/features/players/player-validation';
import { createPlayer, PLAYER_SAVED, type PlayerDetail } from '@/features/players/players-api';

export interface PlayerFormProps {
  /** The team the form was opened from: its row is there from the start and stays. */
  fixedTeamId?: number;
  /** The club the form was opened from: its row is there from the start and stays. */
  fixedClubId?: number;
  onSaved: (player: PlayerDetail) => void;
  onCancel: () => void;
}

/**
 * Adds a player (POST /api/Players): a new or existing profile, the player information, and
 * club and team rows (at least one). Used by the Players list and by the team and club pages.
 */
export function PlayerForm({ fixedTeamId, fixedClubId, onSaved, onCancel }: PlayerFormProps) {
  const clubs = useClubChoices();
  const teams = useTeamChoices();
  const positions = useCodeList('/api/Positions');
  const form = useEntityForm({
    initial: () => initialPlayerValues(fixedTeamId, fixedClubId),
    validate: validatePlayer,
    save: (values: PlayerValues) => createPlayer(newPlayerInput(values)),
    successText: PLAYER_SAVED,
    onSaved,
  });
  const { values, errors: shown, update, changeRow, addRow, removeRow } = form;

  const changeInfo = (patch: Partial<PlayerInfoValues>) =>
    update((current) => ({ ...current, info: { ...current.info, ...patch } }), ...Object.keys(patch));

  const isFixedClub = (row: ClubRow, index: number) => fixedClubId !== undefined && index === 0 && row.clubId === fixedClubId;
  const isFixedTeam = (row: PlayerTeamRow, index: number) =>
    fixedTeamId !== undefined && index === 0 && row.teamId === fixedTeamId;

  return (
    <DrawerForm form={form} onCancel={onCancel}>
          <H5>Profile</H5>
          <ProfilePicker
            idPrefix="player-profile"
            role="player"
            value={values.profile}
            errors={shown}
            onChange={(profile, paths) => update((current) => ({ ...current, profile }), ...paths)}
          />
          <H5>Player information</H5>
          <PlayerInfoFields idPrefix="player" values={values.info} positions={positions} errors={shown} onChange={changeInfo} />
          <MembershipRows
            title="Clubs"
            rows={values.clubs}
            addText="Add club"
            onAdd={() => addRow('clubs', EMPTY_CLUB_ROW, CLUB_OR_TEAM_PATH)}
            onRemove={(index) => removeRow('clubs', index, CLUB_OR_TEAM_PATH)}
            isFixed={isFixedClub}
            error={shown[CLUB_OR_TEAM_PATH]}
            renderRow={(row, index) => (
              <ClubRowFields
                idPrefix={`player-clubs-${index}`}
                path={`clubs[${index}]`}
                row={row}
                clubs={clubs}
                takenIds={takenIds(values.clubs, index, (r) => r.clubId)}
                errors={shown}
                fixed={isFixedClub(row, index)}
                onChange={(patch) => changeRow('clubs', index, patch)}
              />
            )}
          />
          <MembershipRows
            title="Teams"
            rows={values.teams}
            addText="Add team"
            onAdd={() => addRow('teams', emptyPlayerTeamRow(), CLUB_OR_TEAM_PATH)}
            onRemove={(index) => removeRow('teams', index, CLUB_OR_TEAM_PATH)}
            isFixed={isFixedTeam}
            renderRow={(row, index) => (
              <PlayerTeamRowFields
                idPrefix={`player-teams-${index}`}
                path={`teams[${index}]`}
                row={row}
                teams={teams}
                positions={positions}
                takenIds={takenIds(values.teams, index, (r) => r.teamId)}
                errors={shown}
                fixed={isFixedTeam(row, index)}
                onChange={(patch) => changeRow('teams', index, patch)}
              />
            )}
          />
    </DrawerForm>
  );
}
