import { Alert, Intent, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useState } from 'react';
import { api } from '@/api/client';
import type { Match } from '@/features/match-session/session-types';
import { withToast } from '@/lib/delete-with-toast';
import { useRouteLink } from '@/lib/route-link';

export const FINISH_QUESTION = 'Are you sure you want to finish the match?';

const FINISHED = 206;

/**
 * The whole match as it was read, now Finished (spec 02 §4 "Match status"): what a GET gives, a
 * PUT takes back.
 */
export const finishedMatch = (match: Match) => ({ ...match, statusId: FINISHED, status: 'Finished' });

/**
 * The live scoring menu (spec 02 §2): Back to App, Match Log, and Finish Match until the match
 * is Finished, which asks first and then sends the whole match with its new status.
 */
export function ScoringMenu({ match, onFinished }: { match: Match; onFinished: () => void }) {
  const link = useRouteLink();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const finish = async () => {
    setBusy(true);
    const done = await withToast(() => api.put(`/api/Matches/${match.id}`, finishedMatch(match)), 'Match successfully saved.', 'Error saving data.');
    setBusy(false);
    setAsking(false);
    if (done) onFinished();
  };
  return (
    <>
      <Menu className="pd-live-menu" aria-label="Live scoring menu">
        <MenuItem icon="arrow-left" text="Back to App" {...link('/')} />
        <MenuDivider />
        <MenuItem icon="th-list" text="Match Log" {...link(`/match-log/${match.id}`)} />
        {match.statusId !== FINISHED && <MenuItem icon="flag" text="Finish Match" onClick={() => setAsking(true)} />}
      </Menu>
      <Alert
        isOpen={asking}
        icon="flag"
        intent={Intent.PRIMARY}
        confirmButtonText="Finish Match"
        cancelButtonText="Cancel"
        loading={busy}
        onConfirm={() => void finish()}
        onCancel={() => setAsking(false)}
      >
        <p>{FINISH_QUESTION}</p>
      </Alert>
    </>
  );
}
