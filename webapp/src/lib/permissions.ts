/**
 * The permission table of spec 01 §6 and spec 02 §6 as data: module × action → roles. The table
 * is the domain's (`crates/domain/src/permissions.rs`), generated into
 * `permissions.generated.json` by `cargo xtask gen`; the server enforces it (and, beyond it, the
 * own-entity condition), the web app reads it only to hide what the user may not do.
 */
import type { Schemas } from '@/api/types';
import table from '@/lib/permissions.generated.json';

/** Role names (spec 01 §3), as the profile lists them. */
export type Role = Schemas['Profile']['roles'][number];

export type Module = keyof typeof table.modules;

export type Action = keyof (typeof table.modules)[Module];

export const ALL_ROLES = table.roles as readonly Role[];

export const ACTIONS = table.actions as readonly Action[];

/** Who may do what. Admin is also allowed by `can` regardless. */
export const PERMISSIONS = table.modules as Readonly<Record<Module, Readonly<Record<Action, readonly Role[]>>>>;

/** Whether a user holding `roles` may do `action` in `module`: admin always, others if any role allows. */
export function can(roles: readonly Role[], module: Module, action: Action): boolean {
  if (roles.includes('Admin')) return true;
  return PERMISSIONS[module][action].some((role) => roles.includes(role));
}

/** The roles that count for a profile: its roles, plus Admin when its access carries the admin flag. */
export function profileRoles(
  profile: { readonly roles: readonly Role[]; readonly access: { readonly admin: boolean } } | null | undefined,
): Role[] {
  if (!profile) return [];
  const roles = [...profile.roles];
  if (profile.access.admin && !roles.includes('Admin')) roles.push('Admin');
  return roles;
}
