import { ListPage } from '@/components/list-page/list-page';
import { useRowRights } from '@/components/row-actions/row-rights';
import {
  type Competition,
  DELETE_COMPETITION_QUESTION,
  deleteCompetitionWithToast,
  searchCompetitions,
} from '@/features/competitions/competitions-api';
import { CompetitionForm } from '@/features/competitions/competition-form';
import { ownsFederation } from '@/features/competitions/ownership';

/**
 * The competitions list at /competitions, paged, filtered and sorted by the server (without a
 * chosen order: by category, descending); /competitions/create opens the Add competition drawer.
 */
export default function CompetitionsListPage() {
  // Universal name, country and city are filters only, so the table fits beside the sidebar.
  return (
    <ListPage<Competition>
      columns={['name', 'federation', 'category', 'competitionType', 'season', 'startDate', 'endDate', 'pro']}
      filters={['NameUniversal', 'StartDate', 'EndDate', 'IsPro', 'Federation', 'Category', 'CompetitionType', 'Country', 'City']}
      list={{ module: 'Competitions', path: '/competitions', title: 'Competitions', add: 'Add competition', empty: 'There are no competitions.' }}
      load={searchCompetitions}
      rights={useRowRights<Competition>('Competitions', (profile, c) => ownsFederation(profile, c.federationId))}
      deletion={{ question: DELETE_COMPETITION_QUESTION, run: deleteCompetitionWithToast }}
      renderAddForm={(done) => <CompetitionForm competition={null} {...done} />}
    />
  );
}
