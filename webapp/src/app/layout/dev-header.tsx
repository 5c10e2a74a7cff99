import { AnchorButton, Button, Classes } from '@blueprintjs/core';
import { useSnapshot } from 'valtio';
import { showError, showSuccess } from '@/lib/toaster';
import { refreshToken, session } from '@/state/session';

async function refresh(): Promise<void> {
  if (await refreshToken()) void showSuccess('The access token was renewed.');
  else void showError('The access token could not be renewed.');
}

/** Links for developers; rendered only in development builds. */
export function DevHeader() {
  const { status } = useSnapshot(session);
  return (
    <div className={`${Classes.TEXT_SMALL} pd-dev-header`}>
      <span className={Classes.TEXT_MUTED}>Development</span>
      <AnchorButton variant="minimal" size="small" icon="document-open" href="/api/docs" target="_blank" text="API specification" />
      {status === 'signedIn' && (
        <Button variant="minimal" size="small" icon="refresh" text="Refresh token" onClick={() => void refresh()} />
      )}
    </div>
  );
}
