import { AnchorButton, Classes } from '@blueprintjs/core';

/** Links for developers; rendered only in development builds. */
export function DevHeader() {
  return (
    <div className={`${Classes.TEXT_SMALL} pd-dev-header`}>
      <span className={Classes.TEXT_MUTED}>Development</span>
      <AnchorButton variant="minimal" size="small" icon="document-open" href="/api/docs" target="_blank" text="API specification" />
    </div>
  );
}
