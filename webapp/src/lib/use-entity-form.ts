import { type FormEvent, useCallback, useRef, useState } from 'react';
import { errorMessage } from '@/api/client';
import { type FormErrors, isUnder, serverFieldErrors } from '@/lib/form-errors';
import { showError, showSuccess, type ToastAction } from '@/lib/toaster';

/** The members of `V` that hold rows (a coach's clubs and teams), and a row of one. */
type RowList<V> = { [K in keyof V]: V[K] extends readonly unknown[] ? K : never }[keyof V];
type RowOf<V, K extends keyof V> = V[K] extends readonly (infer R)[] ? R : never;

interface EntityFormOptions<V, S> {
  initial: () => V;
  /** Every message of the browser's rules for `values`, by field path. */
  validate: (values: V) => FormErrors;
  /** Sends valid values; a failure's field errors land at the fields. */
  save: (values: V) => Promise<S>;
  /** The toast of a successful save, e.g. 'Club successfully saved.'. */
  successText: string;
  /** Told of the save; what it answers (opening a new record) is offered on the toast. */
  onSaved: (saved: S) => ToastAction | void;
}

/**
 * A drawer form's state (spec 01 §2, §5, §8): its values, whether it changed, saving, and the
 * messages it shows. A browser rule's message shows once its field has been changed, or for
 * every field after a Save attempt, so 'required' never greets an untouched field; a server
 * message shows at its field until that field changes. A failed save shows the server's text
 * as a toast ('Error saving data.' when it sent none). `attempts` counts the Save attempts that
 * ended with messages, so the drawer can bring the first one into view.
 */
export function useEntityForm<V extends object, S = unknown>({
  initial,
  validate,
  save,
  successText,
  onSaved,
}: EntityFormOptions<V, S>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [showAll, setShowAll] = useState(false);
  const [server, setServer] = useState<FormErrors>({});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [attempts, setAttempts] = useState(0);
  // Read when the route is about to change, which can happen before the next render.
  const unsaved = useRef(false);

  const markDirty = (next: boolean) => {
    unsaved.current = next;
    setDirty(next);
  };

  /** Marks fields as changed: their browser checks show and their server messages go. */
  const touch = (paths: readonly string[]) => {
    setTouched((current) => new Set([...current, ...paths]));
    setServer((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !paths.some((p) => isUnder(path, p)))));
  };

  /** Applies `next` to the values; `paths` are the fields the user changed. */
  const update = (next: (current: V) => V, ...paths: string[]) => {
    setValues(next);
    markDirty(true);
    touch(paths);
  };

  /**
   * Applies `patch`. The fields it names count as changed unless `paths` says which did (a new
   * country clears the city, but the city was not touched).
   */
  const change = (patch: Partial<V>, paths: readonly string[] = Object.keys(patch)) =>
    update((current) => ({ ...current, ...patch }), ...paths);

  /** Fills values the form looked up (a fixed federation's name) without counting as a change. */
  const preset = useCallback((patch: Partial<V>) => setValues((current) => ({ ...current, ...patch })), []);

  /**
   * Forgets the messages under a list whose rows moved (a row was removed), so a message never
   * sticks to the row that took its place.
   */
  const forget = (prefix: string) => {
    setTouched((current) => new Set([...current].filter((path) => !isUnder(path, prefix) || path === prefix)));
    setServer((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !isUnder(path, prefix))));
  };

  const rows = <K extends RowList<V>>(current: V, list: K) => current[list] as readonly RowOf<V, K>[];

  /** Changes the row at `index` of `list`; its changed fields are `list[index].field`. */
  const changeRow = <K extends RowList<V>>(list: K, index: number, patch: Partial<RowOf<V, K>>, ...paths: string[]) =>
    update(
      (current) => ({ ...current, [list]: rows(current, list).map((row, i) => (i === index ? { ...(row as object), ...patch } : row)) }),
      ...Object.keys(patch).map((field) => `${String(list)}[${index}].${field}`),
      ...paths,
    );

  /** Adds a row to `list`; `paths` are the rules about the list as a whole that now show. */
  const addRow = <K extends RowList<V>>(list: K, row: RowOf<V, K>, ...paths: string[]) =>
    update((current) => ({ ...current, [list]: [...rows(current, list), row] }), ...paths);

  /** Removes the row at `index` of `list`, and the messages of the rows that move up. */
  const removeRow = <K extends RowList<V>>(list: K, index: number, ...paths: string[]) => {
    forget(String(list));
    update((current) => ({ ...current, [list]: rows(current, list).filter((_, i) => i !== index) }), ...paths);
  };

  const found = validate(values);
  const visible = Object.entries(found).filter(([path]) => showAll || touched.has(path));
  const errors: FormErrors = { ...server, ...Object.fromEntries(visible) };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    setShowAll(true);
    if (Object.keys(found).length > 0) {
      setAttempts((count) => count + 1);
      return;
    }
    setSaving(true);
    try {
      const saved = await save(values);
      markDirty(false);
      const next = onSaved(saved);
      void (next ? showSuccess(successText, next) : showSuccess(successText));
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      setServer(serverFieldErrors(error));
      setAttempts((count) => count + 1);
    } finally {
      setSaving(false);
    }
  };

  /** Drops the changes: leaving the form no longer asks. */
  const discard = () => markDirty(false);

  return {
    values,
    errors,
    dirty,
    saving,
    attempts,
    change,
    update,
    changeRow,
    addRow,
    removeRow,
    preset,
    forget,
    submit,
    discard,
    /** Whether leaving now would lose typed changes. */
    hasUnsavedChanges: () => unsaved.current,
  };
}

export type EntityForm = Pick<
  ReturnType<typeof useEntityForm>,
  'dirty' | 'saving' | 'attempts' | 'submit' | 'discard' | 'hasUnsavedChanges'
>;
