import { Icon } from '@blueprintjs/core';
import { Link } from 'react-router';
import { ListPage } from '@/components/list-page/list-page';
import { useRowRights } from '@/components/row-actions/row-rights';
import type { ServerFilter } from '@/components/server-table/server-table';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/state/use-can';
import { ownsFederation } from '@/lib/ownership';
import {
  DELETE_FEDERATION_QUESTION,
  deleteFederationWithToast,
  type Federation,
  searchFederations,
} from '@/features/federations/federations-api';
import { FederationForm } from '@/features/federations/federation-form';

/** Spec 01 §3: the federations search's filters, by the API's query names. */
export const FEDERATION_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.NameUniversal', label: 'Universal name', kind: 'text' },
  { name: 'Filter.ShortName', label: 'Short name', kind: 'text' },
  { name: 'Filter.ActiveFrom', label: 'Active from', kind: 'date' },
  { name: 'Filter.ActiveTo', label: 'Active to', kind: 'date' },
  { name: 'Filter.IsPro', label: 'Professional', kind: 'boolean' },
  { name: 'Filter.Country', label: 'Country', kind: 'text' },
];

/** The federations list at /federations, paged by the server; /federations/create opens Add federation. */
export default function FederationsListPage() {
  return (
    <ListPage<Federation>
      title="Federations"
      path="/federations"
      addText="Add federation"
      canCreate={useCan('Federations', 'Create')}
      columns={[
        {
          key: 'name',
          title: 'Name',
          sortKey: 'name',
          render: (federation) => <Link to={`/federations/${federation.id}`}>{federation.name}</Link>,
        },
        { key: 'nameUniversal', title: 'Universal name', sortKey: 'nameUniversal', render: (f) => f.nameUniversal },
        { key: 'shortName', title: 'Short name', sortKey: 'shortName', render: (f) => f.shortName ?? '' },
        { key: 'country', title: 'Country', sortKey: 'country', render: (f) => f.country?.name ?? '' },
        { key: 'activeFrom', title: 'Active from', sortKey: 'activeFrom', render: (f) => formatDate(f.activeFrom) },
        { key: 'activeTo', title: 'Active to', sortKey: 'activeTo', render: (f) => formatDate(f.activeTo) },
        {
          key: 'isPro',
          title: 'Pro',
          sortKey: 'isPro',
          render: (f) => (f.isPro ? <Icon icon="tick" aria-label="Professional" /> : null),
        },
      ]}
      filters={FEDERATION_FILTERS}
      load={searchFederations}
      emptyText="There are no federations."
      rowLabel={(federation) => federation.name}
      rights={useRowRights<Federation>('Federations', (profile, federation) => ownsFederation(profile, federation.id))}
      deleteQuestion={DELETE_FEDERATION_QUESTION}
      deleteWithToast={deleteFederationWithToast}
      renderAddForm={(done) => <FederationForm federation={null} {...done} />}
    />
  );
}
