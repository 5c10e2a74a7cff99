import { Classes } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '@/api/client';
import { FormFooter } from '@/components/form-footer/form-footer';
import { useCodeList } from '@/components/profile-picker/choices';
import { serverFieldErrors, useShownErrors } from '@/components/profile-picker/form-errors';
import { showError, showSuccess } from '@/lib/toaster';
import { PlayerInfoFields } from '@/features/players/player-info-fields';
import {
  type PlayerInfoValues,
  playerInfoErrors,
  playerInfoInput,
  playerInfoValues,
} from '@/features/players/player-validation';
import { PLAYER_SAVED, type PlayerDetail, updatePlayer } from '@/features/players/players-api';

interface PlayerInfoFormProps {
  player: PlayerDetail;
  onSaved: (player: PlayerDetail) => void;
  onCancel: () => void;
}

/** Edits the player information: height, weight, dominant hand, primary position (PUT /api/Players/{id}). */
export function PlayerInfoForm({ player, onSaved, onCancel }: PlayerInfoFormProps) {
  const positions = useCodeList('/api/Positions');
  const [values, setValues] = useState<PlayerInfoValues>(() => playerInfoValues(player));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const errors = useShownErrors();
  const clientErrors = playerInfoErrors(values);

  const change = (patch: Partial<PlayerInfoValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setDirty(true);
    errors.touch(...Object.keys(patch));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    errors.showAll();
    if (Object.keys(clientErrors).length > 0) return;
    setSaving(true);
    try {
      const saved = await updatePlayer(player.id, playerInfoInput(values));
      void showSuccess(PLAYER_SAVED);
      setDirty(false);
      onSaved(saved);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      errors.setServer(serverFieldErrors(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="pd-drawer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          <PlayerInfoFields
            idPrefix="player"
            values={values}
            positions={positions}
            errors={errors.shown(clientErrors)}
            onChange={change}
          />
        </div>
      </div>
      <FormFooter dirty={dirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}
