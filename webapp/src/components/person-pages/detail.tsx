import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** One labelled value in a details list (`<dl className="pd-details-list">`). */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className={Classes.TEXT_MUTED}>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
