import { Card, Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { LOGO_PREVIEW_HEIGHT } from '@/components/logo-upload/logo-upload';
import { logoSrc } from '@/components/logo-upload/png';

/** One row of a details card; empty values show a dash. */
export type DetailRow = readonly [label: string, value: ReactNode];

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/** The read view of an entity: label and value rows in a card, with its logo when it has one. */
export function DetailsList({ rows, logo, logoAlt }: { rows: readonly DetailRow[]; logo?: string | null; logoAlt?: string }) {
  return (
    <Card className="pd-details">
      {logo && <img src={logoSrc(logo)} alt={logoAlt ?? 'Logo'} height={LOGO_PREVIEW_HEIGHT} style={{ marginBottom: 12 }} />}
      <dl className="pd-details-list">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt className={Classes.TEXT_MUTED}>{label}</dt>
            <dd>{isEmpty(value) ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export const yesNo = (value: boolean | null | undefined) => (value ? 'Yes' : 'No');
