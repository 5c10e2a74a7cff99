import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { useCodeList } from '@/components/profile-picker/choices';
import { useEntityForm } from '@/lib/use-entity-form';
import { PlayerInfoFields } from '@/features/players/player-info-fields';
import {
  type PlayerInfoValues,
  playerInfoErrors,
  playerInfoInput,
  playerInfoValues,
} from '@/features/players/player-validation';
import { PLAYER_SAVED } from '@/lib/memberships-api';
import { type PlayerDetail, updatePlayer } from '@/features/players/players-api';

interface PlayerInfoFormProps {
  player: PlayerDetail;
  onSaved: (player: PlayerDetail) => void;
  onCancel: () => void;
}

/** Edits the player information: height, weight, dominant hand, primary position (PUT /api/Players/{id}). */
export function PlayerInfoForm({ player, onSaved, onCancel }: PlayerInfoFormProps) {
  const positions = useCodeList('/api/Positions');
  const form = useEntityForm({
    initial: () => playerInfoValues(player),
    validate: playerInfoErrors,
    save: (values: PlayerInfoValues) => updatePlayer(player.id, playerInfoInput(values)),
    successText: PLAYER_SAVED,
    onSaved,
  });

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <PlayerInfoFields
        idPrefix="player"
        values={form.values}
        positions={positions}
        errors={form.errors}
        onChange={(patch) => form.change(patch)}
      />
    </DrawerForm>
  );
}
