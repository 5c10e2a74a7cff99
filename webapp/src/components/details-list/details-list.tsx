import { Card, Classes, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { LogoImage } from '@/components/logo-upload/logo-upload';

/** One row of a details card; empty values show a dash. */
export type DetailRow = readonly [label: string, value: ReactNode];

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/** The read view of an entity: label and value rows in a card, with its logo when it has one. */
export function DetailsList({
  rows,
  logo,
  logoAlt,
  children,
}: {
  rows: readonly DetailRow[];
  logo?: string | null;
  logoAlt?: string;
  /** Shown in the card under the rows. */
  children?: ReactNode;
}) {
  return (
    <Card className="pd-details">
      {logo && (
        <div style={{ marginBottom: 12 }}>
          <LogoImage value={logo} alt={logoAlt ?? 'Logo'} />
        </div>
      )}
      <dl className="pd-details-list">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt className={Classes.TEXT_MUTED}>{label}</dt>
            <dd>{isEmpty(value) ? '—' : value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </Card>
  );
}

/** Values shown as minimal tags, e.g. an account's roles. */
export function Tags({ values }: { values: readonly string[] }) {
  return (
    <span className="pd-tags">
      {values.map((value) => (
        <Tag key={value} minimal>
          {value}
        </Tag>
      ))}
    </span>
  );
}

export const yesNo = (value: boolean | null | undefined) => (value ? 'Yes' : 'No');
