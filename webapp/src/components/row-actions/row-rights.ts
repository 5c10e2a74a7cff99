import { useSnapshot } from 'valtio';
import type { Module } from '@/lib/permissions';
import { type Profile, session } from '@/state/session';
import { useCan } from '@/state/use-can';

/** What the user may do with one row (spec 01 §6: the controls depend on the entity). */
export interface RowRights {
  update: boolean;
  remove: boolean;
}

/**
 * The rows' Edit and Delete rights: the module's permission, and where `owns` is given, the row
 * being the user's own (DESIGN §5 own-entity condition, which the server enforces).
 */
export function useRowRights<T>(
  module: Module,
  owns?: (profile: Profile | null, item: T) => boolean,
): (item: T) => RowRights {
  const { profile } = useSnapshot(session);
  const update = useCan(module, 'Update');
  const remove = useCan(module, 'Delete');
  return (item) => {
    const owned = owns === undefined || owns(profile as Profile | null, item);
    return { update: update && owned, remove: remove && owned };
  };
}
