import { type FormEvent, useState } from 'react';
import { ApiRequestError, errorMessage } from '@/api/client';
import { showError } from '@/lib/toaster';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface EntityFormOptions<V, F extends string> {
  initial: () => V;
  /** The fields with rules, in the order the form shows them. */
  fields: readonly F[];
  /** The message for one field, or undefined when it is valid. */
  check: (field: F, values: V) => string | undefined;
}

/** Every rule that fails for `values`. */
export function checkAll<V, F extends string>(values: V, fields: readonly F[], check: (field: F, values: V) => string | undefined) {
  const errors: FieldErrors<F> = {};
  for (const field of fields) {
    const message = check(field, values);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}

/**
 * A drawer form's state (spec 01 §2 and §5): values, messages at the fields (checked as they
 * change and all at once on Save), whether it changed, and saving. A failed save shows the
 * server's message as a toast ('Error saving data.' when it sent none) and its field errors at
 * the fields.
 */
export function useEntityForm<V extends object, F extends string>({ initial, fields, check }: EntityFormOptions<V, F>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);

  /** Applies `patch` and checks the fields it touches plus `recheck` (fields whose rule reads them). */
  const change = (patch: Partial<V>, recheck: readonly F[] = []) => {
    const next = { ...values, ...patch };
    setValues(next);
    setDirty(true);
    const touched = [...(Object.keys(patch) as string[]), ...recheck].filter((field): field is F =>
      (fields as readonly string[]).includes(field),
    );
    setErrors((current) => {
      const updated = { ...current };
      for (const field of touched) updated[field] = check(field, next);
      return updated;
    });
  };

  const submit = (save: (values: V) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    const found = checkAll(values, fields, check);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await save(values);
      setDirty(false);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      if (error instanceof ApiRequestError) {
        const placed: FieldErrors<F> = {};
        for (const field of fields) {
          const messages = error.fieldErrors[field];
          if (messages && messages.length > 0) placed[field] = messages.join(' ');
        }
        setErrors(placed);
      }
    } finally {
      setSaving(false);
    }
  };

  return { values, errors, dirty, saving, change, submit };
}
