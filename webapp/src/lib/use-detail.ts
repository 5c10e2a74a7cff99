import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError, errorMessage } from '@/api/client';

type Loaded<D> = { id: number; detail: D; error: null } | { id: number; detail: null; error: string };

/**
 * Loads the details of entity `id` (again after `reload`); an unknown or malformed id goes to
 * /not-found. `state` is null while the id's details are loading.
 */
export function useDetail<D>(id: number, load: (id: number) => Promise<D>) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded<D> | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let current = true;
    load(id).then(
      (detail) => current && setLoaded({ id, detail, error: null }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
          navigate('/not-found', { replace: true });
        } else setLoaded({ id, detail: null, error: errorMessage(error, 'Error loading data.') });
      },
    );
    return () => {
      current = false;
    };
  }, [id, load, reloads, navigate]);

  return {
    state: loaded === null || loaded.id !== id ? null : loaded,
    reloads,
    reload: () => setReloads((count) => count + 1),
    /** Shows details the server answered a save with, without loading them again. */
    setDetail: (detail: D) => setLoaded({ id, detail, error: null }),
  };
}
