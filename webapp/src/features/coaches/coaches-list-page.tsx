import { Link } from 'react-router';
import { ListPage } from '@/components/list-page/list-page';
import { useRowRights } from '@/components/row-actions/row-rights';
import type { ServerFilter } from '@/components/server-table/server-table';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/state/use-can';
import { CoachForm } from '@/features/coaches/coach-form';
import {
  type Coach,
  DELETE_COACH_QUESTION,
  deleteCoachWithToast,
  searchCoaches,
} from '@/features/coaches/coaches-api';

/** The search's filters (spec 01 §3: Name, Surname, CountryOfBirth, CityOfBirth; and Club, Team). */
export const COACH_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.Name', label: 'Name', kind: 'text' },
  { name: 'Filter.Surname', label: 'Surname', kind: 'text' },
  { name: 'Filter.CountryOfBirth', label: 'Country of birth', kind: 'text' },
  { name: 'Filter.CityOfBirth', label: 'City of birth', kind: 'text' },
  { name: 'Filter.Club', label: 'Club', kind: 'text' },
  { name: 'Filter.Team', label: 'Team', kind: 'text' },
];

/**
 * The Club Managers list at /coaches, paged by the server; /coaches/create opens Add Club Manager.
 * A club manager has no fields of its own: its edit route edits the profile.
 */
export default function CoachesListPage() {
  return (
    <ListPage<Coach>
      title="Club Managers"
      path="/coaches"
      addText="Add Club Manager"
      canCreate={useCan('Coaches', 'Create')}
      columns={[
        { key: 'name', title: 'Name', sortKey: 'name', render: (c) => <Link to={`/coaches/${c.id}`}>{c.name}</Link> },
        { key: 'surname', title: 'Surname', sortKey: 'surname', render: (c) => c.surname },
        { key: 'birthDate', title: 'Birth date', sortKey: 'birthDate', render: (c) => formatDate(c.birthDate) },
        { key: 'countryOfBirth', title: 'Country of birth', sortKey: 'countryOfBirth', render: (c) => c.countryOfBirth?.name ?? '' },
        { key: 'cityOfBirth', title: 'City of birth', sortKey: 'cityOfBirth', render: (c) => c.cityOfBirth?.name ?? '' },
      ]}
      filters={COACH_FILTERS}
      load={searchCoaches}
      emptyText="There are no club managers."
      rowLabel={(c) => `${c.name} ${c.surname}`}
      rights={useRowRights<Coach>('Coaches')}
      deleteQuestion={DELETE_COACH_QUESTION}
      deleteWithToast={deleteCoachWithToast}
      renderAddForm={(done) => <CoachForm {...done} />}
    />
  );
}
