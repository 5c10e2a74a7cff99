import { useLocation, useParams } from 'react-router';
import { PersonPage } from '@/components/person-pages/person-page';
import { CoachClubForm, CoachTeamForm } from '@/features/coaches/coach-link-forms';
import { type CoachTab, coachTabPath, coachView } from '@/features/coaches/coach-view';
import { type CoachDetail, DELETE_COACH_QUESTION, deleteCoachWithToast, getCoach } from '@/features/coaches/coaches-api';
import { type ClubCoach, DELETE_LINK_QUESTION, deleteClubCoachWithToast, deleteTeamCoachWithToast, type TeamCoach } from '@/lib/memberships-api';
import '@/features/coaches/coaches.css';

export const NO_CLUBS_TEXT = 'This club manager does not manage any club';
export const NO_TEAMS_TEXT = 'This club manager does not manage any team';
export const NO_MATCHES_TEXT = 'This club manager does not participate in any match.';

/**
 * A club manager at /coaches/:coachId with the tabs Personal information, Clubs (/clubs), Teams
 * (/teams) and Matches (/matches); the profile, add-club and add-team drawers open by route.
 */
export default function CoachDetailsPage() {
  const { coachId } = useParams();
  const id = Number(coachId);
  const { pathname } = useLocation();
  return (
    <PersonPage<ClubCoach, TeamCoach, CoachDetail>
      id={id}
      listTitle="Club Managers"
      listPath="/coaches"
      noun="club manager"
      module="Coaches"
      tabsId="coach-tabs"
      load={getCoach}
      view={coachView(pathname.split('/').filter((part) => part !== '').slice(2))}
      tabPath={(tab) => coachTabPath(id, tab as CoachTab)}
      emptyTexts={{ clubs: NO_CLUBS_TEXT, teams: NO_TEAMS_TEXT, matches: NO_MATCHES_TEXT }}
      teamColumns={[{ title: 'Role', render: (link) => link.role }]}
      deleteQuestion={DELETE_COACH_QUESTION}
      linkQuestion={DELETE_LINK_QUESTION}
      deleteWithToast={deleteCoachWithToast}
      deleteClubLinkWithToast={deleteClubCoachWithToast}
      deleteTeamLinkWithToast={deleteTeamCoachWithToast}
      renderClubForm={(form) => <CoachClubForm coachId={id} {...form} />}
      renderTeamForm={(form) => <CoachTeamForm coachId={id} {...form} />}
    />
  );
}
