import { H5 } from '@blueprintjs/core';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { MemberFields } from '@/components/memberships/member-fields';
import { PLAYER_TEAM_ROW } from '@/components/memberships/team-row-fields';
import { useCodeList } from '@/components/profile-picker/choices';
import { PLAYER_SAVED } from '@/lib/memberships-api';
import { useEntityForm } from '@/lib/use-entity-form';
import { PlayerInfoFields } from '@/features/players/player-info-fields';
import {
  initialPlayerValues,
  newPlayerInput,
  type PlayerInfoValues,
  type PlayerValues,
  validatePlayer,
} from '@/features/players/player-validation';
import { createPlayer, type PlayerDetail } from '@/features/players/players-api';

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
  const positions = useCodeList('/api/Positions');
  const form = useEntityForm({
    initial: () => initialPlayerValues(fixedTeamId, fixedClubId),
    validate: validatePlayer,
    save: (values: PlayerValues) => createPlayer(newPlayerInput(values)),
    successText: PLAYER_SAVED,
    onSaved,
  });

  const changeInfo = (patch: Partial<PlayerInfoValues>) =>
    form.update((current) => ({ ...current, info: { ...current.info, ...patch } }), ...Object.keys(patch));

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <MemberFields form={form} role="player" kind={PLAYER_TEAM_ROW} fixedTeamId={fixedTeamId} fixedClubId={fixedClubId}>
        <H5>Player information</H5>
        <PlayerInfoFields idPrefix="player" values={form.values.info} positions={positions} errors={form.errors} onChange={changeInfo} />
      </MemberFields>
    </DrawerForm>
  );
}
