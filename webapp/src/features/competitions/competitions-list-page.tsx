import { Icon } from '@blueprintjs/core';
import { Link } from 'react-router';
import { ListPage } from '@/components/list-page/list-page';
import { useRowRights } from '@/components/row-actions/row-rights';
import type { ServerFilter } from '@/components/server-table/server-table';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/state/use-can';
import {
  type Competition,
  DELETE_COMPETITION_QUESTION,
  deleteCompetitionWithToast,
  searchCompetitions,
} from '@/features/competitions/competitions-api';
import { CompetitionForm } from '@/features/competitions/competition-form';
import { ownsFederation } from '@/lib/ownership';

/** Spec 01 §3: the competitions search's filters, by the API's query names. */
export const COMPETITION_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.NameUniversal', label: 'Universal name', kind: 'text' },
  { name: 'Filter.StartDate', label: 'Start date', kind: 'date' },
  { name: 'Filter.EndDate', label: 'End date', kind: 'date' },
  { name: 'Filter.IsPro', label: 'Professional', kind: 'boolean' },
  { name: 'Filter.Federation', label: 'Federation', kind: 'text' },
  { name: 'Filter.Category', label: 'Category', kind: 'text' },
  { name: 'Filter.CompetitionType', label: 'Competition type', kind: 'text' },
  { name: 'Filter.Country', label: 'Country', kind: 'text' },
  { name: 'Filter.City', label: 'City', kind: 'text' },
];

/**
 * The competitions list at /competitions, paged, filtered and sorted by the server (without a
 * chosen order: by category, descending); /competitions/create opens the Add competition drawer.
 */
export default function CompetitionsListPage() {
  // Universal name, country and city are filters only, so the table fits beside the sidebar.
  return (
    <ListPage<Competition>
      title="Competitions"
      path="/competitions"
      addText="Add competition"
      canCreate={useCan('Competitions', 'Create')}
      columns={[
        {
          key: 'name',
          title: 'Name',
          sortKey: 'name',
          render: (competition) => <Link to={`/competitions/${competition.id}`}>{competition.name}</Link>,
        },
        { key: 'federation', title: 'Federation', sortKey: 'federation', render: (c) => c.federation?.name ?? '' },
        { key: 'category', title: 'Category', sortKey: 'category', render: (c) => c.category?.name ?? '' },
        { key: 'competitionType', title: 'Type', sortKey: 'competitionType', render: (c) => c.competitionType?.name ?? '' },
        { key: 'season', title: 'Season', render: (c) => c.season ?? '' },
        { key: 'startDate', title: 'Start date', sortKey: 'startDate', render: (c) => formatDate(c.startDate) },
        { key: 'endDate', title: 'End date', sortKey: 'endDate', render: (c) => formatDate(c.endDate) },
        {
          key: 'isPro',
          title: 'Pro',
          sortKey: 'isPro',
          render: (c) => (c.isPro ? <Icon icon="tick" aria-label="Professional" /> : null),
        },
      ]}
      filters={COMPETITION_FILTERS}
      load={searchCompetitions}
      emptyText="There are no competitions."
      rowLabel={(competition) => competition.name}
      rights={useRowRights<Competition>('Competitions', (profile, c) => ownsFederation(profile, c.federationId))}
      deleteQuestion={DELETE_COMPETITION_QUESTION}
      deleteWithToast={deleteCompetitionWithToast}
      renderAddForm={(done) => <CompetitionForm competition={null} {...done} />}
    />
  );
}
