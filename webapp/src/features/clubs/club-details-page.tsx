import { NonIdealState } from '@blueprintjs/core';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { EntityPage } from '@/components/entity-page/entity-page';
import { Loading } from '@/components/loading/loading';
import {
  COACH_MEMBERS,
  editedMember,
  MemberTabs,
  type Members,
  PLAYER_MEMBERS,
  useMemberRights,
} from '@/components/members/member-tab';
import { useRowRights } from '@/components/row-actions/row-rights';
import { deleteClubCoachWithToast, deleteClubPlayerWithToast, type ClubCoach, type ClubPlayer } from '@/lib/memberships-api';
import { ownsClub } from '@/lib/ownership';
import { pagePathState } from '@/lib/page-path';
import { useDetail } from '@/lib/use-detail';
import { useCan } from '@/state/use-can';
import { CoachForm } from '@/features/coaches/coach-form';
import { PlayerForm } from '@/features/players/player-form';
import { TeamForm } from '@/features/teams/team-form';
import { ClubForm } from '@/features/clubs/club-form';
import { ClubCoachEditForm, ClubPlayerEditForm } from '@/features/clubs/club-link-forms';
import { ClubInfo, ClubTeams } from '@/features/clubs/club-tabs';
import {
  type ClubDetail,
  DELETE_CLUB_COACH_QUESTION,
  DELETE_CLUB_PLAYER_QUESTION,
  DELETE_CLUB_QUESTION,
  DELETE_CLUB_WARNING,
  deleteClubWithToast,
  getClub,
} from '@/features/clubs/clubs-api';

export const NO_COACHES = 'There are no coaches in this club';
export const NO_PLAYERS = 'There are no players in this club';

export type ClubTab = 'details' | 'teams' | 'coaches' | 'players';
const TABS: readonly ClubTab[] = ['details', 'teams', 'coaches', 'players'];

/** The tab and drawer a club path names: /clubs/5, /clubs/5/edit, /clubs/5/teams/create... */
export const clubPathState = (pathname: string) => pagePathState(pathname, TABS);

/**
 * A club's page at /clubs/:clubId with the tabs Details, Teams (/teams), Club Managers
 * (/coaches) and Players (/players); /edit opens the Edit club drawer and /teams/create the
 * Add team drawer with the club locked.
 */
export default function ClubDetailsPage() {
  const { clubId } = useParams();
  const id = Number(clubId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { tab, drawer, memberId } = clubPathState(pathname);
  const rights = useRowRights<ClubDetail>('Clubs', ownsClub);
  const memberRights = useMemberRights();
  const canCreateTeam = useCan('Teams', 'Create');
  const { state: loaded, reload } = useDetail(id, getClub);

  if (loaded === null) return <Loading />;
  if (loaded.detail === null) {
    return <NonIdealState icon="error" title="The club could not be loaded" description={loaded.error} />;
  }
  const club = loaded.detail;
  const allowed = rights(club);
  // Only the user's own clubs can be edited and have teams, club managers and players added.
  const may = memberRights.on(allowed.update);
  const coaches: Members<ClubCoach> = {
    ...COACH_MEMBERS, ...may.coaches, links: club.coaches, emptyText: NO_COACHES,
    removeQuestion: DELETE_CLUB_COACH_QUESTION, remove: deleteClubCoachWithToast,
    renderAdd: (form) => <CoachForm fixedClubId={club.id} {...form} />,
    renderEdit: (link, form) => <ClubCoachEditForm key={link.id} link={link} {...form} />,
  };
  const players: Members<ClubPlayer> = {
    ...PLAYER_MEMBERS, ...may.players, links: club.players, emptyText: NO_PLAYERS,
    removeQuestion: DELETE_CLUB_PLAYER_QUESTION, remove: deleteClubPlayerWithToast,
    renderAdd: (form) => <PlayerForm fixedClubId={club.id} {...form} />,
    renderEdit: (link, form) => <ClubPlayerEditForm key={link.id} link={link} {...form} />,
  };
  const addText = { details: null, teams: 'Add team', coaches: coaches.addTitle, players: players.addTitle }[tab];
  const mayAdd = { details: false, teams: canCreateTeam && allowed.update, coaches: coaches.mayAdd, players: players.mayAdd }[tab];
  const editAllowed =
    tab === 'details' ? allowed.update : (editedMember(coaches, tab, memberId) ?? editedMember(players, tab, memberId)) !== undefined;
  if ((drawer === 'edit' && !editAllowed) || (drawer === 'create' && !mayAdd)) {
    // Keyed by the path: a second forbidden route of the same page, reached before the first
    // redirect has rendered, must redirect as well.
    return <Navigate key={pathname} to="/not-found" replace />;
  }

  const base = `/clubs/${club.id}`;

  return (
    <EntityPage
      listTitle="Clubs"
      listPath="/clubs"
      name={club.name}
      path={base}
      tabsId="club-tabs"
      tabs={[['details', 'Details'], ['teams', 'Teams'], memberRights.readCoaches && ['coaches', 'Club Managers'], ['players', 'Players']]}
      tab={tab}
      reload={reload}
      add={addText && mayAdd ? { text: addText, onClick: () => navigate(`${base}/${tab}/create`) } : null}
      drawer={drawer}
      rights={allowed}
      edit={{ title: 'Edit club', form: (form) => <ClubForm key={club.id} club={club} {...form} /> }}
      remove={{ question: DELETE_CLUB_QUESTION, warning: DELETE_CLUB_WARNING, run: () => deleteClubWithToast(club.id) }}
    >
      {tab === 'details' && <ClubInfo club={club} />}
      {tab === 'teams' && <ClubTeams club={club} />}
      <MemberTabs coaches={coaches} players={players} base={base} tab={tab} drawer={drawer} memberId={memberId} reload={reload} />
      <EntityDrawer isOpen={drawer === 'create' && tab === 'teams'} title="Add team" onClose={() => navigate(`${base}/teams`)}>
        <TeamForm
          fixedClubId={club.id}
          onCancel={() => navigate(`${base}/teams`)}
          onSaved={() => {
            reload();
            navigate(`${base}/teams`);
          }}
        />
      </EntityDrawer>
    </EntityPage>
  );
}
