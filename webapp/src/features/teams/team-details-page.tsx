import { NonIdealState } from '@blueprintjs/core';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
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
import { deleteTeamCoachWithToast, deleteTeamPlayerWithToast, type TeamCoach, type TeamPlayer } from '@/lib/memberships-api';
import { ownsTeam } from '@/lib/ownership';
import { pagePathState } from '@/lib/page-path';
import { useDetail } from '@/lib/use-detail';
import { CoachForm } from '@/features/coaches/coach-form';
import { PlayerForm } from '@/features/players/player-form';
import { ClubOfTeam } from '@/features/clubs/club-tabs';
import { TeamForm } from '@/features/teams/team-form';
import { TeamCoachEditForm, TeamPlayerEditForm } from '@/features/teams/team-link-forms';
import { TeamCompetitions, TeamInfo, TeamMatches } from '@/features/teams/team-tabs';
import {
  DELETE_TEAM_COACH_QUESTION,
  DELETE_TEAM_PLAYER_QUESTION,
  DELETE_TEAM_QUESTION,
  DELETE_TEAM_WARNING,
  deleteTeamWithToast,
  getTeam,
  type TeamDetail,
} from '@/features/teams/teams-api';

export const NO_TEAM_COACHES = 'There are no coaches in this team.';
export const NO_TEAM_PLAYERS = 'There are no players in this team.';

export type TeamTab = 'details' | 'club' | 'competitions' | 'matches' | 'coaches' | 'players';
const TABS: readonly TeamTab[] = ['details', 'club', 'competitions', 'matches', 'coaches', 'players'];

/** The tab and drawer a team path names: /teams/5, /teams/5/edit, /teams/5/players/create... */
export const teamPathState = (pathname: string) => pagePathState(pathname, TABS);

/**
 * A team's page at /teams/:teamId with the tabs Details, Competitions, Matches, Club Managers
 * (/coaches) and Players (/players); /edit opens the Edit team drawer. /teams/:teamId/club shows
 * the team's club.
 */
export default function TeamDetailsPage() {
  const { teamId } = useParams();
  const id = Number(teamId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { tab, drawer, memberId } = teamPathState(pathname);
  const rights = useRowRights<TeamDetail>('Teams', ownsTeam);
  const memberRights = useMemberRights();
  const { state: loaded, reload } = useDetail(id, getTeam);

  if (loaded === null) return <Loading />;
  if (loaded.detail === null) {
    return <NonIdealState icon="error" title="The team could not be loaded" description={loaded.error} />;
  }
  const team = loaded.detail;
  const allowed = rights(team);
  // Only the user's own teams can be edited and have club managers and players added (spec 01 §6).
  const may = memberRights.on(allowed.update);
  const coaches: Members<TeamCoach> = {
    ...COACH_MEMBERS, ...may.coaches, links: team.coaches, emptyText: NO_TEAM_COACHES,
    columns: [['Role', (link) => link.role]],
    removeQuestion: DELETE_TEAM_COACH_QUESTION, remove: deleteTeamCoachWithToast,
    renderAdd: (form) => <CoachForm fixedTeamId={team.id} {...form} />,
    renderEdit: (link, form) => <TeamCoachEditForm key={link.id} link={link} {...form} />,
  };
  const players: Members<TeamPlayer> = {
    ...PLAYER_MEMBERS, ...may.players, links: team.players, emptyText: NO_TEAM_PLAYERS,
    columns: [['Position', (link) => link.position], ['Cap number', (link) => link.capNumber ?? '']],
    removeQuestion: DELETE_TEAM_PLAYER_QUESTION, remove: deleteTeamPlayerWithToast,
    renderAdd: (form) => <PlayerForm fixedTeamId={team.id} {...form} />,
    renderEdit: (link, form) => <TeamPlayerEditForm key={link.id} link={link} {...form} />,
  };
  const adding = [coaches, players].find((members) => members.path === tab && members.mayAdd);
  const editAllowed =
    tab === 'details' ? allowed.update : (editedMember(coaches, tab, memberId) ?? editedMember(players, tab, memberId)) !== undefined;
  if ((drawer === 'edit' && !editAllowed) || (drawer === 'create' && adding === undefined)) {
    // Keyed by the path: a second forbidden route of the same page, reached before the first
    // redirect has rendered, must redirect as well.
    return <Navigate key={pathname} to="/not-found" replace />;
  }

  const base = `/teams/${team.id}`;

  return (
    <EntityPage
      listTitle="Teams"
      listPath="/teams"
      name={team.name}
      path={base}
      tabsId="team-tabs"
      tabs={[
        ['details', 'Details'],
        ['club', 'Club'],
        ['competitions', 'Competitions'],
        ['matches', 'Matches'],
        memberRights.readCoaches && ['coaches', 'Club Managers'],
        ['players', 'Players'],
      ]}
      tab={tab}
      reload={reload}
      add={adding ? { text: adding.addTitle, onClick: () => navigate(`${base}/${tab}/create`) } : null}
      drawer={drawer}
      rights={allowed}
      edit={{ title: 'Edit team', form: (form) => <TeamForm key={team.id} team={team} {...form} /> }}
      remove={{ question: DELETE_TEAM_QUESTION, warning: DELETE_TEAM_WARNING, run: () => deleteTeamWithToast(team.id) }}
    >
      {tab === 'details' && <TeamInfo team={team} />}
      {tab === 'club' && <ClubOfTeam clubId={team.clubId} />}
      {tab === 'competitions' && <TeamCompetitions team={team} />}
      {tab === 'matches' && <TeamMatches team={team} />}
      <MemberTabs coaches={coaches} players={players} base={base} tab={tab} drawer={drawer} memberId={memberId} reload={reload} />
    </EntityPage>
  );
}
