import { ListPage } from '@/components/list-page/list-page';
import { useClubRights } from '@/features/clubs/club-access';
import { ClubForm } from '@/features/clubs/club-form';
import {
  type Club,
  DELETE_CLUB_QUESTION,
  DELETE_CLUB_WARNING,
  deleteClubWithToast,
  searchClubs,
} from '@/features/clubs/clubs-api';

/** The clubs list at /clubs; /clubs/create opens the Add club drawer over it. */
export default function ClubsListPage() {
  return (
    <ListPage<Club>
      columns={['name', 'nameUniversal', 'shortName', 'federation', 'country', 'city', 'activeFrom', 'activeTo', 'professional']}
      filters={['NameUniversal', 'ShortName', 'ActiveFrom', 'ActiveTo', 'IsPro', 'Federation', 'Country', 'City']}
      list={{ module: 'Clubs', path: '/clubs', title: 'Clubs', add: 'Add club', empty: 'There are no clubs.' }}
      load={searchClubs}
      rights={useClubRights()}
      deletion={{ question: DELETE_CLUB_QUESTION, warning: DELETE_CLUB_WARNING, run: deleteClubWithToast }}
      renderAddForm={(done) => <ClubForm {...done} />}
    />
  );
}
