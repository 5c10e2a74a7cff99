import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { loadClubs, loadFederations, lookups, type NamedItem } from '@/state/lookups';
import type { User } from '@/features/users/users-api';

const nameOf = (items: readonly NamedItem[], id: number | null | undefined) =>
  id === null || id === undefined ? null : (items.find((item) => item.id === id)?.name ?? `#${id}`);

/**
 * The names of the federation and club the users are tied to; the federations and clubs load
 * once some user has one. A name not (yet) known reads `#id`; null when the user has none.
 */
export function useTieNames(users: readonly User[] | null) {
  const { federations, clubs } = useSnapshot(lookups);
  const needsFederations = users?.some((user) => (user.federationId ?? null) !== null) ?? false;
  const needsClubs = users?.some((user) => (user.clubId ?? null) !== null) ?? false;
  useEffect(() => {
    if (needsFederations) void loadFederations();
    if (needsClubs) void loadClubs();
  }, [needsFederations, needsClubs]);
  return {
    federationOf: (user: User) => nameOf(federations, user.federationId),
    clubOf: (user: User) => nameOf(clubs, user.clubId),
  };
}
