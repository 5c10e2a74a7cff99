import { ListPage } from '@/components/list-page/list-page';
import { useTeamRights } from '@/features/teams/team-access';
import { TeamForm } from '@/features/teams/team-form';
import {
  DELETE_TEAM_QUESTION,
  DELETE_TEAM_WARNING,
  deleteTeamWithToast,
  searchTeams,
  type Team,
} from '@/features/teams/teams-api';

/** The teams list at /teams; /teams/create opens the Add team drawer over it. */
export default function TeamsListPage() {
  return (
    <ListPage<Team>
      columns={['name', 'nameUniversal', 'shortName', 'club', 'category', 'country', 'city', 'activeFrom', 'activeTo', 'professional']}
      filters={['NameUniversal', 'ShortName', 'ActiveFrom', 'ActiveTo', 'IsPro', 'Club', 'Category', 'Country', 'City']}
      list={{ module: 'Teams', path: '/teams', title: 'Teams', add: 'Add team', empty: 'There are no teams.' }}
      load={searchTeams}
      rights={useTeamRights()}
      deletion={{ question: DELETE_TEAM_QUESTION, warning: DELETE_TEAM_WARNING, run: deleteTeamWithToast }}
      renderAddForm={(done) => <TeamForm {...done} />}
    />
  );
}
