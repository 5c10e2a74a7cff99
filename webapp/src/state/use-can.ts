import { useSnapshot } from 'valtio';
import { ownsMatch } from '@/lib/ownership';
import { type Action, can, type Module, profileRoles } from '@/lib/permissions';
import { type Profile, session } from '@/state/session';

/** Whether the signed-in user may do `action` in `module`; false when signed out. */
export function useCan(module: Module, action: Action): boolean {
  const { profile } = useSnapshot(session);
  return can(profileRoles(profile), module, action);
}

/**
 * Whether the signed-in user may change `match`'s log (events, lineups, officials,
 * confirmations): Update on Match log, for a match of theirs, as the server checks both.
 */
export function useMayChangeLog(match: { id: number; federationId?: number | null } | null | undefined): boolean {
  const { profile } = useSnapshot(session);
  return can(profileRoles(profile), 'MatchLog', 'Update') && ownsMatch(profile as Profile | null, match);
}
