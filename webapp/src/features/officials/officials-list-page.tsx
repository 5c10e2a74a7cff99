import { Link } from 'react-router';
import { ListPage } from '@/components/list-page/list-page';
import { PERSON_FILTERS } from '@/components/person-pages/person-filters';
import { useRowRights } from '@/components/row-actions/row-rights';
import type { ServerFilter } from '@/components/server-table/server-table';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/state/use-can';
import { OfficialForm } from '@/features/officials/official-form';
import {
  DELETE_OFFICIAL_QUESTION,
  deleteOfficialWithToast,
  type Official,
  officialName,
  searchOfficials,
} from '@/features/officials/officials-api';

/** The search's filters: a person's (spec 01 §3), and Federation. */
const OFFICIAL_FILTERS: readonly ServerFilter[] = [...PERSON_FILTERS, { name: 'Filter.Federation', label: 'Federation', kind: 'text' }];

/** The officials list at /officials, paged by the server; /officials/create opens Add official. */
export default function OfficialsListPage() {
  return (
    <ListPage<Official>
      title="Officials"
      path="/officials"
      addText="Add official"
      canCreate={useCan('Officials', 'Create')}
      columns={[
        { key: 'name', title: 'Name', sortKey: 'name', render: (o) => <Link to={`/officials/${o.id}`}>{o.name}</Link> },
        { key: 'surname', title: 'Surname', sortKey: 'surname', render: (o) => o.surname },
        { key: 'title', title: 'Title', render: (o) => o.title ?? '' },
        { key: 'birthDate', title: 'Birth date', sortKey: 'birthDate', render: (o) => formatDate(o.birthDate) },
        { key: 'countryOfBirth', title: 'Country of birth', sortKey: 'countryOfBirth', render: (o) => o.countryOfBirth?.name ?? '' },
        { key: 'cityOfBirth', title: 'City of birth', sortKey: 'cityOfBirth', render: (o) => o.cityOfBirth?.name ?? '' },
      ]}
      filters={OFFICIAL_FILTERS}
      load={searchOfficials}
      emptyText="There are no officials."
      rowLabel={officialName}
      rights={useRowRights<Official>('Officials')}
      deleteQuestion={DELETE_OFFICIAL_QUESTION}
      deleteWithToast={deleteOfficialWithToast}
      renderAddForm={(done) => <OfficialForm {...done} />}
    />
  );
}
