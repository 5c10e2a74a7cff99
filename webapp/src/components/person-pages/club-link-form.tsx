import { useClubChoices } from '@/components/profile-picker/choices';
import { ClubRowFields } from '@/components/profile-picker/membership-rows';
import { clubRowErrors, clubRowInput, EMPTY_CLUB_ROW } from '@/components/profile-picker/membership-validation';
import { RowForm } from '@/components/profile-picker/row-form';

interface ClubLinkFormProps {
  /** The fields' id prefix, e.g. 'coach-club'. */
  idPrefix: string;
  /** The clubs the person already has: disabled in the picker. */
  takenIds: readonly number[];
  /** Sends the club and period, e.g. POST /api/ClubCoaches with the coach's id. */
  save: (input: ReturnType<typeof clubRowInput>) => Promise<unknown>;
  successText: string;
  onSaved: () => void;
  onCancel: () => void;
}

/** Adds a club with its period to an existing club manager or player. */
export function ClubLinkForm({ idPrefix, takenIds, save, successText, onSaved, onCancel }: ClubLinkFormProps) {
  const clubs = useClubChoices();
  return (
    <RowForm
      initial={EMPTY_CLUB_ROW}
      validate={(row) => clubRowErrors(row, '')}
      save={(row) => save(clubRowInput(row))}
      successText={successText}
      onSaved={onSaved}
      onCancel={onCancel}
      renderFields={(row, errors, change) => (
        <div className="pd-membership-row-fields">
          <ClubRowFields
            idPrefix={idPrefix}
            path=""
            row={row}
            clubs={clubs}
            takenIds={takenIds}
            errors={errors}
            onChange={change}
          />
        </div>
      )}
    />
  );
}
