import { Callout, Intent } from '@blueprintjs/core';
import { Fragment, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { EntityRef } from '@/lib/entity-refs';

/** A name as people mean it: case, accents and surrounding spaces aside ("VK Šabac" = "vk sabac"). */
export const foldName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

interface SameNameWarningProps {
  /** What is being named, as the warning says it: 'club', 'team'... */
  what: string;
  /** The list's path, whose `${path}/${id}` opens one. */
  path: string;
  /** The names typed so far (name and universal name). */
  names: readonly string[];
  /** Every record of the kind, by names: asked once, when a name is first typed. */
  list: () => Promise<EntityRef[]>;
  /** The record being edited, which does not count. */
  ignoreId?: number;
}

/**
 * Warns, without refusing, that a record with the same name or universal name already exists,
 * and names it: three clubs called "VK Naissus" are usually one typed three times, but two may
 * be real.
 */
export function SameNameWarning({ what, path, names, list, ignoreId }: SameNameWarningProps) {
  const [known, setKnown] = useState<EntityRef[] | null>(null);
  const wanted = names.map(foldName).filter((name) => name.length >= 3);
  const asked = wanted.length > 0;

  useEffect(() => {
    if (!asked || known !== null) return;
    let current = true;
    list().then(
      (refs) => current && setKnown(refs),
      () => current && setKnown([]),
    );
    return () => {
      current = false;
    };
  }, [asked, known, list]);

  const found = (known ?? []).filter(
    (ref) => ref.id !== ignoreId && [foldName(ref.name), foldName(ref.nameUniversal)].some((name) => wanted.includes(name)),
  );
  if (found.length === 0) return null;
  return (
    <Callout intent={Intent.WARNING} icon="warning-sign" className="pd-same-name" role="status">
      {found.length === 1 ? `A ${what} with this name already exists: ` : `${found.length} ${what}s with this name already exist: `}
      {found.map((ref, i) => (
        <Fragment key={ref.id}>
          {i > 0 && ', '}
          <Link to={`${path}/${ref.id}`}>{ref.name}</Link>
        </Fragment>
      ))}
      . Save anyway only if this is another one.
    </Callout>
  );
}
