/** The texts of a registry form: as it holds them ('' for none) and as the request body takes them. */
import { optionalText } from '@/lib/text-rules';

/** The addresses a federation, club, team or competition is reached by, in the forms' order. */
export const CONTACT_KEYS = ['address', 'phone', 'web', 'email', 'facebook', 'twitter', 'youtube', 'instagram'] as const;

/** The texts `keys` of a saved entity, '' where it has none; all '' for a new one. */
export function textValues<K extends string>(keys: readonly K[], entity: { readonly [key in K]?: string | null } | null | undefined) {
  return Object.fromEntries(keys.map((key) => [key, entity?.[key] ?? ''])) as Record<K, string>;
}

/** The texts `keys` trimmed, null when blank, as the server stores optional texts. */
export function textInputs<K extends string>(keys: readonly K[], values: Readonly<Record<K, string>>) {
  return Object.fromEntries(keys.map((key) => [key, optionalText(values[key])])) as Record<K, string | null>;
}

/** Whether `field` is one of the texts `keys`. */
export const isTextKey = <K extends string>(keys: readonly K[], field: string): field is K => (keys as readonly string[]).includes(field);
