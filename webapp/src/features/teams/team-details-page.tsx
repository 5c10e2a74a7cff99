import { Breadcrumbs, Button, Intent, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { useDetail } from '@/lib/use-detail';
import { PageHeader } from '@/components/page-header/page-header';
import { useCan } from '@/state/use-can';
import { CoachForm } from '@/features/coaches/coach-form';
import { PlayerForm } from '@/features/players/player-form';
import { useTeamRights } from '@/features/teams/team-access';
import { TeamForm } from '@/features/teams/team-form';
import { TeamCoachEditForm, TeamPlayerEditForm } from '@/features/teams/team-link-forms';
import { TeamClub, TeamCoaches, TeamCompetitions, TeamInfo, TeamMatches, TeamPlayers } from '@/features/teams/team-tabs';
import {
  DELETE_TEAM_COACH_QUESTION,
  DELETE_TEAM_PLAYER_QUESTION,
  DELETE_TEAM_QUESTION,
  DELETE_TEAM_WARNING,
  deleteTeamCoachWithToast,
  deleteTeamPlayerWithToast,
  deleteTeamWithToast,
  getTeam,
  type TeamCoach,
  type TeamPlayer,
} from '@/features/teams/teams-api';

export type TeamTab = 'details' | 'club' | 'competitions' | 'matches' | 'coaches' | 'players';
const TABS: readonly TeamTab[] = ['details', 'club', 'competitions', 'matches', 'coaches', 'players'];

/** The tab and drawer a team path names: /teams/5, /teams/5/edit, /teams/5/players/create... */
export function teamPathState(pathname: string): { tab: TeamTab; drawer: 'edit' | 'create' | null; memberId: number | null } {
  const parts = pathname.split('/').filter((part) => part !== '');
  const tab = TABS.find((name) => name === parts[2]) ?? 'details';
  const last = parts.at(-1);
  const drawer = last === 'edit' ? 'edit' : last === 'create' ? 'create' : null;
  // /teams/:teamId/coaches/:coachId/edit and /players/:playerId/edit name a member.
  const memberId = tab !== 'details' && drawer === 'edit' && parts.length === 5 ? Number(parts[3]) : null;
  return { tab, drawer, memberId };
}

type Removal = { kind: 'coach'; link: TeamCoach } | { kind: 'player'; link: TeamPlayer };

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
  const rights = useTeamRights();
  const canReadCoaches = useCan('Coaches', 'Read');
  const canCreateCoach = useCan('Coaches', 'Create');
  const canUpdateCoach = useCan('Coaches', 'Update');
  const canUpdatePlayer = useCan('Players', 'Update');
  const canDeleteCoach = useCan('Coaches', 'Delete');
  const canCreatePlayer = useCan('Players', 'Create');
  const canDeletePlayer = useCan('Players', 'Delete');
  const { state: loaded, reload } = useDetail(id, getTeam);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState<Removal | null>(null);

  if (loaded === null) return <Loading />;
  if (loaded.detail === null) {
    return <NonIdealState icon="error" title="The team could not be loaded" description={loaded.error} />;
  }
  const team = loaded.detail;
  const allowed = rights(team);
  // Only the user's own teams can be edited and have club managers and players added (spec 01 §6).
  const mayAddCoach = canCreateCoach && allowed.update;
  const mayAddPlayer = canCreatePlayer && allowed.update;
  const mayEditCoaches = canUpdateCoach && allowed.update;
  const mayEditPlayers = canUpdatePlayer && allowed.update;
  const editedCoach = tab === 'coaches' ? team.coaches.find((link) => link.coachId === memberId) : undefined;
  const editedPlayer = tab === 'players' ? team.players.find((link) => link.playerId === memberId) : undefined;
  const editAllowed =
    tab === 'details'
      ? allowed.update
      : (editedCoach !== undefined && mayEditCoaches) || (editedPlayer !== undefined && mayEditPlayers);
  if (
    (drawer === 'edit' && !editAllowed) ||
    (drawer === 'create' && !((tab === 'coaches' && mayAddCoach) || (tab === 'players' && mayAddPlayer)))
  ) {
    return <Navigate to="/not-found" replace />;
  }

  const base = `/teams/${team.id}`;
  const tabPath = (name: TeamTab) => (name === 'details' ? base : `${base}/${name}`);

  return (
    <div>
      <Breadcrumbs
        items={[
          {
            text: 'Teams',
            href: '/teams',
            onClick: (event) => {
              event.preventDefault();
              navigate('/teams');
            },
          },
          { text: team.name },
        ]}
      />
      <PageHeader
        title={team.name}
        actions={
          <>
            {tab === 'coaches' && mayAddCoach && (
              <Button intent={Intent.PRIMARY} icon="plus" text="Add Club Manager" onClick={() => navigate(`${base}/coaches/create`)} />
            )}
            {tab === 'players' && mayAddPlayer && (
              <Button intent={Intent.PRIMARY} icon="plus" text="Add player" onClick={() => navigate(`${base}/players/create`)} />
            )}
            {allowed.update && <Button icon="edit" text="Edit" onClick={() => navigate(`${base}/edit`)} />}
            {allowed.remove && <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />}
          </>
        }
      />
      <Tabs id="team-tabs" selectedTabId={tab} onChange={(next) => navigate(tabPath(next as TeamTab))}>
        <Tab id="details" title="Details" />
        <Tab id="club" title="Club" />
        <Tab id="competitions" title="Competitions" />
        <Tab id="matches" title="Matches" />
        {canReadCoaches && <Tab id="coaches" title="Club Managers" />}
        <Tab id="players" title="Players" />
      </Tabs>
      <div className="pd-tab-panel" style={{ marginTop: 16 }}>
        {tab === 'details' && <TeamInfo team={team} />}
        {tab === 'club' && <TeamClub clubId={team.clubId} />}
        {tab === 'competitions' && <TeamCompetitions team={team} />}
        {tab === 'matches' && <TeamMatches team={team} />}
        {tab === 'coaches' && (
          <TeamCoaches
            coaches={team.coaches}
            onEdit={mayEditCoaches ? (link) => navigate(`${base}/coaches/${link.coachId}/edit`) : undefined}
            onRemove={canDeleteCoach && allowed.update ? (link) => setRemoving({ kind: 'coach', link }) : undefined}
          />
        )}
        {tab === 'players' && (
          <TeamPlayers
            players={team.players}
            onEdit={mayEditPlayers ? (link) => navigate(`${base}/players/${link.playerId}/edit`) : undefined}
            onRemove={canDeletePlayer && allowed.update ? (link) => setRemoving({ kind: 'player', link }) : undefined}
          />
        )}
      </div>
      <EntityDrawer isOpen={drawer === 'edit' && tab === 'details'} title="Edit team" onClose={() => navigate(base)}>
        <TeamForm
          key={team.id}
          team={team}
          onCancel={() => navigate(base)}
          onSaved={() => {
            reload();
            navigate(base);
          }}
        />
      </EntityDrawer>
      <EntityDrawer
        isOpen={drawer === 'create' && tab === 'coaches'}
        title="Add Club Manager"
        onClose={() => navigate(`${base}/coaches`)}
      >
        <CoachForm
          fixedTeamId={team.id}
          onCancel={() => navigate(`${base}/coaches`)}
          onSaved={() => {
            reload();
            navigate(`${base}/coaches`);
          }}
        />
      </EntityDrawer>
      <EntityDrawer
        isOpen={drawer === 'create' && tab === 'players'}
        title="Add player"
        onClose={() => navigate(`${base}/players`)}
      >
        <PlayerForm
          fixedTeamId={team.id}
          onCancel={() => navigate(`${base}/players`)}
          onSaved={() => {
            reload();
            navigate(`${base}/players`);
          }}
        />
      </EntityDrawer>
      <EntityDrawer isOpen={editedCoach !== undefined} title="Edit Club Manager" onClose={() => navigate(`${base}/coaches`)}>
        {editedCoach && (
          <TeamCoachEditForm
            key={editedCoach.id}
            link={editedCoach}
            onCancel={() => navigate(`${base}/coaches`)}
            onSaved={() => {
              reload();
              navigate(`${base}/coaches`);
            }}
          />
        )}
      </EntityDrawer>
      <EntityDrawer isOpen={editedPlayer !== undefined} title="Edit player" onClose={() => navigate(`${base}/players`)}>
        {editedPlayer && (
          <TeamPlayerEditForm
            key={editedPlayer.id}
            link={editedPlayer}
            onCancel={() => navigate(`${base}/players`)}
            onSaved={() => {
              reload();
              navigate(`${base}/players`);
            }}
          />
        )}
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={DELETE_TEAM_QUESTION}
        warning={DELETE_TEAM_WARNING}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await deleteTeamWithToast(team.id)) navigate('/teams');
        }}
      />
      <ConfirmDelete
        isOpen={removing !== null}
        question={removing?.kind === 'coach' ? DELETE_TEAM_COACH_QUESTION : DELETE_TEAM_PLAYER_QUESTION}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing === null) return;
          const removed =
            removing.kind === 'coach'
              ? await deleteTeamCoachWithToast(removing.link.id)
              : await deleteTeamPlayerWithToast(removing.link.id);
          if (removed) reload();
        }}
      />
    </div>
  );
}
