import { useEffect, useState } from 'react';
import { errorMessage } from '@/api/client';
import { showError } from '@/lib/toaster';

/**
 * What `load` answers, loaded when the component mounts and again after `reload`: undefined
 * while loading, null when the call failed (its message shown as a toast). `load` must keep its
 * identity between renders (a module's function).
 */
export function useLoaded<T>(load: () => Promise<T | null>) {
  const [value, setValue] = useState<T | null | undefined>(undefined);
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (found) => current && setValue(found),
      (error: unknown) => {
        if (!current) return;
        void showError(errorMessage(error, 'Error loading data.'));
        setValue(null);
      },
    );
    return () => {
      current = false;
    };
  }, [load, loads]);

  return { value, setValue, reload: () => setLoads((count) => count + 1) };
}
