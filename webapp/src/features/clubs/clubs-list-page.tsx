import { Link } from 'react-router';
import { ListPage } from '@/components/list-page/list-page';
import type { ServerFilter } from '@/components/server-table/server-table';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/state/use-can';
import { useRowRights } from '@/components/row-actions/row-rights';
import { ownsClub } from '@/lib/ownership';
import { ClubForm } from '@/features/clubs/club-form';
import {
  type Club,
  DELETE_CLUB_QUESTION,
  DELETE_CLUB_WARNING,
  deleteClubWithToast,
  searchClubs,
} from '@/features/clubs/clubs-api';

/** Spec 01 §3 "List filter and sort fields": Clubs. */
export const CLUB_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.NameUniversal', label: 'Universal name', kind: 'text' },
  { name: 'Filter.ShortName', label: 'Short name', kind: 'text' },
  { name: 'Filter.ActiveFrom', label: 'Active from', kind: 'date' },
  { name: 'Filter.ActiveTo', label: 'Active to', kind: 'date' },
  { name: 'Filter.IsPro', label: 'Professional', kind: 'boolean' },
  { name: 'Filter.Federation', label: 'Federation', kind: 'text' },
  { name: 'Filter.Country', label: 'Country', kind: 'text' },
  { name: 'Filter.City', label: 'City', kind: 'text' },
];

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The clubs list at /clubs; /clubs/create opens the Add club drawer over it. */
export default function ClubsListPage() {
  return (
    <ListPage<Club>
      title="Clubs"
      path="/clubs"
      addText="Add club"
      canCreate={useCan('Clubs', 'Create')}
      columns={[
        { key: 'name', title: 'Name', sortKey: 'name', render: (club) => <Link to={`/clubs/${club.id}`}>{club.name}</Link> },
        { key: 'nameUniversal', title: 'Universal name', sortKey: 'nameUniversal', render: (club) => club.nameUniversal },
        { key: 'shortName', title: 'Short name', sortKey: 'shortName', render: (club) => club.shortName ?? '' },
        { key: 'federation', title: 'Federation', sortKey: 'federation', render: (club) => club.federation?.name ?? '' },
        { key: 'country', title: 'Country', sortKey: 'country', render: (club) => club.country?.name ?? '' },
        { key: 'city', title: 'City', sortKey: 'city', render: (club) => club.city?.name ?? '' },
        { key: 'activeFrom', title: 'Active from', sortKey: 'activeFrom', render: (club) => formatDate(club.activeFrom) },
        { key: 'activeTo', title: 'Active to', sortKey: 'activeTo', render: (club) => formatDate(club.activeTo) },
        { key: 'isPro', title: 'Professional', sortKey: 'isPro', render: (club) => yesNo(club.isPro) },
      ]}
      filters={CLUB_FILTERS}
      load={searchClubs}
      emptyText="There are no clubs."
      rowLabel={(club) => club.name}
      rights={useRowRights<Club>('Clubs', ownsClub)}
      deleteQuestion={DELETE_CLUB_QUESTION}
      deleteWarning={DELETE_CLUB_WARNING}
      deleteWithToast={deleteClubWithToast}
      renderAddForm={(done) => <ClubForm {...done} />}
    />
  );
}
