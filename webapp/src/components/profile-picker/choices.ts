import { useEffect, useMemo, useState } from 'react';
import { api, errorMessage } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Choice } from '@/components/profile-picker/choice-suggest';
import { choosable, ownsClub, ownsTeam, useProfile } from '@/lib/ownership';
import { showError } from '@/lib/toaster';

export type CodeItem = Schemas['CodeItem'];

/**
 * Loads a list when the form opens, so clubs and teams added meanwhile are offered; null while
 * it loads, empty when it cannot.
 */
function useLoaded<T>(path: string, map: (answer: unknown) => T[]): T[] | null {
  const [loaded, setLoaded] = useState<{ path: string; items: T[] } | null>(null);
  useEffect(() => {
    let current = true;
    api.get<unknown>(path).then(
      (answer) => current && setLoaded({ path, items: map(answer) }),
      (error: unknown) => {
        if (!current) return;
        setLoaded({ path, items: [] });
        void showError(errorMessage(error, 'Error loading data.'));
      },
    );
    return () => {
      current = false;
    };
    // `map` is a fixed conversion per call site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return loaded?.path === path ? loaded.items : null;
}

const clubs = (answer: unknown) => answer as Schemas['Club'][];
const teams = (answer: unknown) => answer as Schemas['Team'][];
const codeItems = (answer: unknown) => answer as CodeItem[];

/**
 * The clubs a membership row can name (GET /api/Clubs): those the user may put a coach or player
 * in (`ownsClub`, the server's `check_owner`); null while they load.
 */
export function useClubChoices(): Choice[] | null {
  const profile = useProfile();
  const loaded = useLoaded('/api/Clubs', clubs);
  return useMemo(
    () => loaded && choosable(profile, loaded, ownsClub).map(({ id, name }): Choice => ({ id, name })),
    [profile, loaded],
  );
}

/**
 * The teams a membership row can name, with their club as a hint (GET /api/Teams): those the user
 * may put a coach or player on (`ownsTeam`); null while they load.
 */
export function useTeamChoices(): Choice[] | null {
  const profile = useProfile();
  const loaded = useLoaded('/api/Teams', teams);
  return useMemo(
    () => loaded && choosable(profile, loaded, ownsTeam).map(({ id, name, club }): Choice => ({ id, name, label: club?.name })),
    [profile, loaded],
  );
}

/** A code list (GET /api/CoachRoles, /api/Positions). */
export const useCodeList = (path: '/api/CoachRoles' | '/api/Positions'): CodeItem[] => useLoaded(path, codeItems) ?? NO_CODES;

const NO_CODES: CodeItem[] = [];
