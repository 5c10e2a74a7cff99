import { useState } from 'react';
import { ApiRequestError } from '@/api/client';

/**
 * A form's messages by field path, in the server's spelling: `personId`, `person.surname`,
 * `clubs[0].clubId`, `teams[1].capNumber`. The browser's own checks use the same paths, so a
 * message lands at the same field whichever side found it.
 */
export type FormErrors = Readonly<Record<string, string>>;

/** The server's field errors of a failed call, each field's messages joined. */
export function serverFieldErrors(error: unknown): FormErrors {
  if (!(error instanceof ApiRequestError)) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (messages && messages.length > 0) errors[field] = messages.join(' ');
  }
  return errors;
}

/** The errors whose path is `prefix` or lies under it (`person` → `person.name`, `clubs` → `clubs[0].clubId`). */
export function underPath(errors: FormErrors, prefix: string): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => isUnder(path, prefix)));
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
}

/** The Blueprint intent of a field with or without a message. */
export const hasError = (errors: FormErrors, path: string): boolean => errors[path] !== undefined;

/**
 * Which messages a form shows. A browser check shows once its field has been changed, or for
 * every field after a Save attempt; a server message shows until its field changes again.
 */
export function useShownErrors() {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [all, setAll] = useState(false);
  const [server, setServer] = useState<FormErrors>({});

  /** Marks fields as changed: their browser checks show and their server messages go. */
  const touch = (...paths: string[]) => {
    setTouched((current) => new Set([...current, ...paths]));
    setServer((current) =>
      Object.fromEntries(Object.entries(current).filter(([path]) => !paths.some((p) => isUnder(path, p)))),
    );
  };

  /**
   * Forgets everything under a list whose rows moved (a row was removed), so a message never
   * sticks to the row that took its place.
   */
  const forget = (prefix: string) => {
    setTouched((current) => new Set([...current].filter((path) => !isUnder(path, prefix) || path === prefix)));
    setServer((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !isUnder(path, prefix))));
  };

  /** The messages to show, given the browser's checks of the current values. */
  const shown = (client: FormErrors): FormErrors => {
    const visible = Object.entries(client).filter(([path]) => all || touched.has(path));
    return { ...server, ...Object.fromEntries(visible) };
  };

  return { touch, forget, shown, showAll: () => setAll(true), setServer };
}
