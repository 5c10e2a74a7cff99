import type { ReactNode } from 'react';

/**
 * The frame of a wide table: the table scrolls sideways inside it, never the page, and its
 * Actions column (`pd-actions-cell`) stays in view at the frame's right edge (app.css).
 */
export function TableFrame({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `pd-table-frame ${className}` : 'pd-table-frame'}>{children}</div>;
}
