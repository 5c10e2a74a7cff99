import { useSnapshot } from 'valtio';
import { type Action, can, type Module, profileRoles } from '@/lib/permissions';
import { session } from '@/state/session';

/** Whether the signed-in user may do `action` in `module`; false when signed out. */
export function useCan(module: Module, action: Action): boolean {
  const { profile } = useSnapshot(session);
  return can(profileRoles(profile), module, action);
}
