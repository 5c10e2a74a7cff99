import { Link } from 'react-router';
import { ListPage } from '@/components/list-page/list-page';
import { MEMBER_FILTERS } from '@/components/person-pages/person-filters';
import { useRowRights } from '@/components/row-actions/row-rights';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/state/use-can';
import { CoachForm } from '@/features/coaches/coach-form';
import {
  type Coach,
  DELETE_COACH_QUESTION,
  deleteCoachWithToast,
  searchCoaches,
} from '@/features/coaches/coaches-api';

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
      filters={MEMBER_FILTERS}
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
