import { Card, Classes } from '@blueprintjs/core';
import { Fragment } from 'react';
import type { Schemas } from '@/api/types';
import type { Person } from '@/components/profile-picker/person-validation';
import { personRoles } from '@/components/profile-picker/persons-table';
import { formatDate } from '@/lib/dates';

type Place = Schemas['EntityRef'] | null | undefined;

interface PersonDetailsProps {
  person: Person;
  /** The birth country and city by name, as the coach, player and official calls give them. */
  countryOfBirth?: Place;
  cityOfBirth?: Place;
}

/** A person's personal information, read only. */
export function PersonDetails({ person, countryOfBirth, cityOfBirth }: PersonDetailsProps) {
  const rows: [string, string][] = [
    ['Name', person.name],
    ['Surname', person.surname],
    ['Birth date', formatDate(person.birthDate)],
    ['Country of birth', countryOfBirth?.name ?? ''],
    ['City of birth', cityOfBirth?.name ?? ''],
    ['Nationality', person.nationality ?? ''],
    ['Address', person.address ?? ''],
    ['Email', person.email ?? ''],
    ['Phone', person.phone ?? ''],
    ['Facebook', person.facebook ?? ''],
    ['Youtube', person.youtube ?? ''],
    ['Twitter', person.twitter ?? ''],
    ['Instagram', person.instagram ?? ''],
    ['Roles', personRoles(person).join(', ')],
  ];
  return (
    <Card className="pd-details">
      <dl className="pd-details-list">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className={Classes.TEXT_MUTED}>{label}</dt>
            <dd>{value === '' ? '—' : value}</dd>
          </Fragment>
        ))}
      </dl>
    </Card>
  );
}
