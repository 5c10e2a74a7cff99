import { H2 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** Buttons shown at the right of the title. */
  actions?: ReactNode;
}

export function PageHeader({ title, actions }: PageHeaderProps) {
  return (
    <div className="pd-page-header">
      <H2>{title}</H2>
      {actions !== undefined && <div className="pd-page-actions">{actions}</div>}
    </div>
  );
}
