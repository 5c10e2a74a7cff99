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
import { TeamForm } from '@/features/teams/team-form';
import { useClubRights } from '@/features/clubs/club-access';
import { ClubForm } from '@/features/clubs/club-form';
import { ClubCoachEditForm, ClubPlayerEditForm } from '@/features/clubs/club-link-forms';
import { ClubCoaches, ClubInfo, ClubPlayers, ClubTeams } from '@/features/clubs/club-tabs';
import {
  type ClubCoach,
  type ClubPlayer,
  DELETE_CLUB_COACH_QUESTION,
  DELETE_CLUB_PLAYER_QUESTION,
  DELETE_CLUB_QUESTION,
  DELETE_CLUB_WARNING,
  deleteClubCoachWithToast,
  deleteClubPlayerWithToast,
  deleteClubWithToast,
  getClub,
} from '@/features/clubs/clubs-api';

export type ClubTab = 'details' | 'teams' | 'coaches' | 'players';
const TABS: readonly ClubTab[] = ['details', 'teams', 'coaches', 'players'];

/** The tab and drawer a club path names: /clubs/5, /clubs/5/edit, /clubs/5/teams/create... */
export function clubPathState(pathname: string): { tab: ClubTab; drawer: 'edit' | 'create' | null; memberId: number | null } {
  const parts = pathname.split('/').filter((part) => part !== '');
  const third = parts[2];
  const tab = TABS.find((name) => name === third) ?? 'details';
  const last = parts.at(-1);
  const drawer = last === 'edit' ? 'edit' : last === 'create' ? 'create' : null;
  // /clubs/:clubId/coaches/:coachId/edit and /players/:playerId/edit name a member.
  const memberId = tab !== 'details' && drawer === 'edit' && parts.length === 5 ? Number(parts[3]) : null;
  return { tab, drawer, memberId };
}

const ADD_TEXT = { teams: 'Add team', coaches: 'Add Club Manager', players: 'Add player' } as const;

type Removal = { kind: 'coach'; link: ClubCoach } | { kind: 'player'; link: ClubPlayer };

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
  const rights = useClubRights();
  const canCreateTeam = useCan('Teams', 'Create');
  const canReadCoaches = useCan('Coaches', 'Read');
  const canCreateCoach = useCan('Coaches', 'Create');
  const canUpdateCoach = useCan('Coaches', 'Update');
  const canUpdatePlayer = useCan('Players', 'Update');
  const canDeleteCoach = useCan('Coaches', 'Delete');
  const canCreatePlayer = useCan('Players', 'Create');
  const canDeletePlayer = useCan('Players', 'Delete');
  const { state: loaded, reload } = useDetail(id, getClub);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState<Removal | null>(null);

  if (loaded === null) return <Loading />;
  if (loaded.detail === null) {
    return <NonIdealState icon="error" title="The club could not be loaded" description={loaded.error} />;
  }
  const club = loaded.detail;
  const allowed = rights(club);
  // Only the user's own clubs can be edited and have teams, club managers and players added.
  const mayAdd: Record<ClubTab, boolean> = {
    details: false,
    teams: canCreateTeam && allowed.update,
    coaches: canCreateCoach && allowed.update,
    players: canCreatePlayer && allowed.update,
  };
  const mayEditCoaches = canUpdateCoach && allowed.update;
  const mayEditPlayers = canUpdatePlayer && allowed.update;
  const editedCoach = tab === 'coaches' ? club.coaches.find((link) => link.coachId === memberId) : undefined;
  const editedPlayer = tab === 'players' ? club.players.find((link) => link.playerId === memberId) : undefined;
  const editAllowed =
    tab === 'details'
      ? allowed.update
      : (editedCoach !== undefined && mayEditCoaches) || (editedPlayer !== undefined && mayEditPlayers);
  if ((drawer === 'edit' && !editAllowed) || (drawer === 'create' && !mayAdd[tab])) {
    return <Navigate to="/not-found" replace />;
  }

  const base = `/clubs/${club.id}`;
  const tabPath = (name: ClubTab) => (name === 'details' ? base : `${base}/${name}`);

  const header = (
    <PageHeader
      title={club.name}
      actions={
        <>
          {tab !== 'details' && mayAdd[tab] && (
            <Button intent={Intent.PRIMARY} icon="plus" text={ADD_TEXT[tab]} onClick={() => navigate(`${base}/${tab}/create`)} />
          )}
          {allowed.update && <Button icon="edit" text="Edit" onClick={() => navigate(`${base}/edit`)} />}
          {allowed.remove && <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />}
        </>
      }
    />
  );

  return (
    <div>
      <Breadcrumbs
        items={[
          {
            text: 'Clubs',
            href: '/clubs',
            onClick: (event) => {
              event.preventDefault();
              navigate('/clubs');
            },
          },
          { text: club.name },
        ]}
      />
      {header}
      <Tabs id="club-tabs" selectedTabId={tab} onChange={(next) => navigate(tabPath(next as ClubTab))}>
        <Tab id="details" title="Details" />
        <Tab id="teams" title="Teams" />
        {canReadCoaches && <Tab id="coaches" title="Club Managers" />}
        <Tab id="players" title="Players" />
      </Tabs>
      <div className="pd-tab-panel" style={{ marginTop: 16 }}>
        {tab === 'details' && <ClubInfo club={club} />}
        {tab === 'teams' && <ClubTeams club={club} />}
        {tab === 'coaches' && (
          <ClubCoaches
            coaches={club.coaches}
            onEdit={mayEditCoaches ? (link) => navigate(`${base}/coaches/${link.coachId}/edit`) : undefined}
            onRemove={canDeleteCoach && allowed.update ? (link) => setRemoving({ kind: 'coach', link }) : undefined}
          />
        )}
        {tab === 'players' && (
          <ClubPlayers
            players={club.players}
            onEdit={mayEditPlayers ? (link) => navigate(`${base}/players/${link.playerId}/edit`) : undefined}
            onRemove={canDeletePlayer && allowed.update ? (link) => setRemoving({ kind: 'player', link }) : undefined}
          />
        )}
      </div>
      <EntityDrawer isOpen={drawer === 'edit' && tab === 'details'} title="Edit club" onClose={() => navigate(base)}>
        <ClubForm
          key={club.id}
          club={club}
          onCancel={() => navigate(base)}
          onSaved={() => {
            reload();
            navigate(base);
          }}
        />
      </EntityDrawer>
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
      <EntityDrawer
        isOpen={drawer === 'create' && tab === 'coaches'}
        title="Add Club Manager"
        onClose={() => navigate(`${base}/coaches`)}
      >
        <CoachForm
          fixedClubId={club.id}
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
          fixedClubId={club.id}
          onCancel={() => navigate(`${base}/players`)}
          onSaved={() => {
            reload();
            navigate(`${base}/players`);
          }}
        />
      </EntityDrawer>
      <EntityDrawer isOpen={editedCoach !== undefined} title="Edit Club Manager" onClose={() => navigate(`${base}/coaches`)}>
        {editedCoach && (
          <ClubCoachEditForm
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
          <ClubPlayerEditForm
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
        question={DELETE_CLUB_QUESTION}
        warning={DELETE_CLUB_WARNING}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await deleteClubWithToast(club.id)) navigate('/clubs');
        }}
      />
      <ConfirmDelete
        isOpen={removing !== null}
        question={removing?.kind === 'coach' ? DELETE_CLUB_COACH_QUESTION : DELETE_CLUB_PLAYER_QUESTION}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing === null) return;
          const removed =
            removing.kind === 'coach'
              ? await deleteClubCoachWithToast(removing.link.id)
              : await deleteClubPlayerWithToast(removing.link.id);
          if (removed) reload();
        }}
      />
    </div>
  );
}
