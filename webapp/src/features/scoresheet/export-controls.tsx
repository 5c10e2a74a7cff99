import { Button, MenuItem, Spinner } from '@blueprintjs/core';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '@/api/client';
import { showError, showSuccess } from '@/lib/toaster';

export const EXPORT_SCORESHEET = 'Export to PDF';
export const SCORESHEET_FAILED = 'The scoresheet could not be made.';
export const scoresheetSaved = (fileName: string) => `Scoresheet saved: ${fileName}`;

/**
 * Makes a match's scoresheet PDF and reports it in a toast: the saved file's name, or the
 * server's message when it refused. jsPDF and the fonts load on the first export only.
 */
export function useExportScoresheet(matchId: number): { working: boolean; run: () => Promise<void> } {
  const [working, setWorking] = useState(false);
  const busy = useRef(false);
  const run = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setWorking(true);
    try {
      const { exportScoresheet } = await import('@/features/scoresheet/export-scoresheet');
      void showSuccess(scoresheetSaved(await exportScoresheet(matchId)));
    } catch (error) {
      void showError(errorMessage(error, SCORESHEET_FAILED));
    } finally {
      busy.current = false;
      setWorking(false);
    }
  }, [matchId]);
  return { working, run };
}

/** "Export to PDF" in a menu: the scoresheet of `matchId`, with a spinner while it is made. */
export function ExportScoresheetMenuItem({ matchId }: { matchId: number }) {
  const { working, run } = useExportScoresheet(matchId);
  return (
    <MenuItem
      icon={working ? <Spinner size={16} aria-label="Making the scoresheet" /> : 'export'}
      text={EXPORT_SCORESHEET}
      label={working ? 'Working...' : undefined}
      disabled={working}
      shouldDismissPopover={false}
      onClick={() => void run()}
    />
  );
}

/** "Export to PDF" as a button (the match report): the scoresheet of `matchId`. */
export function ExportScoresheetButton({ matchId }: { matchId: number }) {
  const { working, run } = useExportScoresheet(matchId);
  return (
    <Button icon="export" text={EXPORT_SCORESHEET} variant="minimal" loading={working} onClick={() => void run()} />
  );
}
