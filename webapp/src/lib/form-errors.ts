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

export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
}

/** Whether a field has a message. */
export const hasError = (errors: FormErrors, path: string): boolean => errors[path] !== undefined;

/** Every rule that fails for `values`, for forms whose rules are written field by field. */
export function checkAll<V, F extends string>(
  values: V,
  fields: readonly F[],
  check: (field: F, values: V) => string | undefined,
): FormErrors {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = check(field, values);
    if (message !== undefined) errors[field] = message;
  }
  return errors;
}
