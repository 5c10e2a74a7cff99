import { useEffect, useState } from 'react';
import { api, errorMessage } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { Choice } from '@/components/profile-picker/choice-suggest';
import { showError } from '@/lib/toaster';

export type CodeItem = Schemas['CodeItem'];

/** Loads a list when the form opens, so clubs and teams added meanwhile are offered. */
function useLoaded<T>(path: string, map: (answer: unknown) => T[]): T[] {
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
  return loaded?.path === path ? loaded.items : [];
}

const clubChoices = (answer: unknown) =>
  (answer as Schemas['Club'][]).map(({ id, name }): Choice => ({ id, name }));

const teamChoices = (answer: unknown) =>
  (answer as Schemas['Team'][]).map(({ id, name, club }): Choice => ({ id, name, label: club?.name }));

const codeItems = (answer: unknown) => answer as CodeItem[];

/** The clubs a membership row can name (GET /api/Clubs). */
export const useClubChoices = () => useLoaded('/api/Clubs', clubChoices);

/** The teams a membership row can name, with their club as a hint (GET /api/Teams). */
export const useTeamChoices = () => useLoaded('/api/Teams', teamChoices);

/** A code list (GET /api/CoachRoles, /api/Positions). */
export const useCodeList = (path: '/api/CoachRoles' | '/api/Positions') => useLoaded(path, codeItems);
