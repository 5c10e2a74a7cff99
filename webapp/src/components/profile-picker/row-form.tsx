import type { ReactNode } from 'react';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import type { FormErrors } from '@/lib/form-errors';
import { useEntityForm } from '@/lib/use-entity-form';

interface RowFormProps<R, S> {
  initial: R;
  /** The row's messages, by the request body's field names (`clubId`, `activeTo`, ...). */
  validate: (row: R) => FormErrors;
  /** Sends the row; a failure's field errors land at the fields. */
  save: (row: R) => Promise<S>;
  successText: string;
  onSaved: (saved: S) => void;
  onCancel: () => void;
  renderFields: (row: R, errors: FormErrors, change: (patch: Partial<R>) => void) => ReactNode;
}

/** A drawer form of one membership row, e.g. a club added to an existing coach or player (POST /api/ClubCoaches). */
export function RowForm<R extends object, S>({
  initial,
  validate,
  save,
  successText,
  onSaved,
  onCancel,
  renderFields,
}: RowFormProps<R, S>) {
  const form = useEntityForm({ initial: () => initial, validate, save, successText, onSaved });
  return (
    <DrawerForm form={form} onCancel={onCancel}>
      {renderFields(form.values, form.errors, (patch) => form.change(patch))}
    </DrawerForm>
  );
}
