import { api, errorMessage } from '@/api/client';
import { showError, showSuccess } from '@/lib/toaster';

/**
 * Runs a call and reports it in a toast (spec 01 §8): `success`, or the server's text (`failure`
 * when it sent none). Resolves to whether it worked.
 */
export async function withToast(run: () => Promise<unknown>, success: string, failure: string): Promise<boolean> {
  try {
    await run();
    void showSuccess(success);
    return true;
  } catch (error) {
    void showError(errorMessage(error, failure));
    return false;
  }
}

/** A delete call reported in a toast; 'Error deleting data.' when the server sent no text. */
export const deleteWithToast = (path: string, success: string) =>
  withToast(() => api.delete(path), success, 'Error deleting data.');
