import { Breadcrumbs, Button, Card, Classes, HTMLTable, Intent, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiRequestError, errorMessage } from '@/api/client';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { PageHeader } from '@/components/page-header/page-header';
import { PersonDetails } from '@/components/profile-picker/person-details';
import { PersonForm } from '@/components/profile-picker/person-form';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/state/use-can';
import { PlayerInfoForm } from '@/features/players/player-info-form';
import { PlayerClubForm, PlayerTeamForm } from '@/features/players/player-link-forms';
import { type PlayerTab, playerTabPath, playerView } from '@/features/players/player-view';
import {
  type ClubPlayer,
  DELETE_LINK_QUESTION,
  DELETE_PLAYER_QUESTION,
  deleteClubPlayerWithToast,
  deletePlayerWithToast,
  deleteTeamPlayerWithToast,
  getPlayer,
  handText,
  type PlayerDetail,
  type TeamPlayer,
} from '@/features/players/players-api';
import '@/features/players/players.css';

export const NO_CLUBS_TEXT = 'This player does not play in any club.';
export const NO_TEAMS_TEXT = 'This player does not play in any team.';
export const NO_MATCHES_TEXT = 'This player does not participate in any match.';

type Loaded = { id: number; player: PlayerDetail; error: null } | { id: number; player: null; error: string };
type Removing = { kind: 'club'; link: ClubPlayer } | { kind: 'team'; link: TeamPlayer } | null;

/**
 * A player at /players/:playerId with the tabs Player information, Personal information
 * (/personal-info), Clubs (/clubs), Teams (/teams) and Matches (/matches); the edit, profile,
 * add-club and add-team drawers open by route.
 */
export default function PlayerDetailsPage() {
  const { playerId } = useParams();
  const id = Number(playerId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const view = playerView(pathname.split('/').filter((part) => part !== '').slice(2));
  const canCreate = useCan('Players', 'Create');
  const canUpdate = useCan('Players', 'Update');
  const canDelete = useCan('Players', 'Delete');
  const canEditPerson = useCan('Persons', 'Update');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reloads, setReloads] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState<Removing>(null);

  useEffect(() => {
    let current = true;
    getPlayer(id).then(
      (player) => current && setLoaded({ id, player, error: null }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
          navigate('/not-found', { replace: true });
        } else setLoaded({ id, player: null, error: errorMessage(error, 'Error loading data.') });
      },
    );
    return () => {
      current = false;
    };
  }, [id, reloads, navigate]);

  if (loaded === null || loaded.id !== id) return <Loading />;
  if (loaded.player === null) {
    return <NonIdealState icon="error" title="The player could not be loaded" description={loaded.error} />;
  }
  const player = loaded.player;
  const name = `${player.name} ${player.surname}`;
  const reload = () => setReloads((count) => count + 1);
  const close = () => navigate(playerTabPath(id, view.tab));
  const afterSave = () => {
    reload();
    close();
  };

  const tabActions = (actions: ReactNode) => <div className="pd-page-actions pd-tab-actions">{actions}</div>;
  const removeButton = (label: string, onClick: () => void) =>
    canDelete && (
      <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={label} title="Remove" onClick={onClick} />
    );

  const infoPanel = (
    <div>
      {canUpdate && tabActions(<Button icon="edit" text="Edit" onClick={() => navigate(`/players/${id}/edit`)} />)}
      <Card className="pd-details">
        <dl className="pd-details-list">
          <Detail label="Name">{player.name}</Detail>
          <Detail label="Surname">{player.surname}</Detail>
          <Detail label="Height">{player.height || '—'}</Detail>
          <Detail label="Weight">{player.weight || '—'}</Detail>
          <Detail label="Dominant hand">{handText(player.dominantHand) || '—'}</Detail>
          <Detail label="Primary position">{player.primaryPosition || '—'}</Detail>
        </dl>
      </Card>
    </div>
  );

  const personPanel = (
    <div>
      {canEditPerson &&
        tabActions(<Button icon="edit" text="Edit profile" onClick={() => navigate(`/players/${id}/personal-info/edit`)} />)}
      <PersonDetails person={player.person} countryOfBirth={player.countryOfBirth} cityOfBirth={player.cityOfBirth} />
    </div>
  );

  const clubsPanel = (
    <div>
      {canCreate &&
        tabActions(
          <Button intent={Intent.PRIMARY} icon="plus" text="Add club" onClick={() => navigate(`/players/${id}/clubs/create`)} />,
        )}
      <HTMLTable striped className="pd-table">
        <thead>
          <tr>
            <th>Club</th>
            <th>Active from</th>
            <th>Active to</th>
            <th className="pd-actions-cell">Actions</th>
          </tr>
        </thead>
        <tbody>
          {player.clubs.map((link) => {
            const club = link.club?.name ?? `Club ${link.clubId}`;
            return (
              <tr key={link.id}>
                <td>
                  <Link to={`/clubs/${link.clubId}`}>{club}</Link>
                </td>
                <td>{formatDate(link.activeFrom)}</td>
                <td>{formatDate(link.activeTo)}</td>
                <td className="pd-actions-cell">
                  {removeButton(`Remove ${club}`, () => setRemoving({ kind: 'club', link }))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      {player.clubs.length === 0 && <NonIdealState icon="search" description={NO_CLUBS_TEXT} className="pd-table-empty" />}
    </div>
  );

  const teamsPanel = (
    <div>
      {canCreate &&
        tabActions(
          <Button intent={Intent.PRIMARY} icon="plus" text="Add team" onClick={() => navigate(`/players/${id}/teams/create`)} />,
        )}
      <HTMLTable striped className="pd-table">
        <thead>
          <tr>
            <th>Team</th>
            <th>Position</th>
            <th>Cap number</th>
            <th>Active from</th>
            <th>Active to</th>
            <th className="pd-actions-cell">Actions</th>
          </tr>
        </thead>
        <tbody>
          {player.teams.map((link) => {
            const team = link.team?.name ?? `Team ${link.teamId}`;
            return (
              <tr key={link.id}>
                <td>
                  <Link to={`/teams/${link.teamId}`}>{team}</Link>
                </td>
                <td>{link.position}</td>
                <td>{link.capNumber ?? ''}</td>
                <td>{formatDate(link.activeFrom)}</td>
                <td>{formatDate(link.activeTo)}</td>
                <td className="pd-actions-cell">
                  {removeButton(`Remove ${team}`, () => setRemoving({ kind: 'team', link }))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      {player.teams.length === 0 && <NonIdealState icon="search" description={NO_TEAMS_TEXT} className="pd-table-empty" />}
    </div>
  );

  // Matches arrive with issue 6; until then no player takes part in one.
  const matchesPanel = <NonIdealState icon="calendar" description={NO_MATCHES_TEXT} className="pd-table-empty" />;

  return (
    <div>
      <Breadcrumbs
        items={[
          {
            text: 'Players',
            href: '/players',
            onClick: (event) => {
              event.preventDefault();
              navigate('/players');
            },
          },
          { text: name },
        ]}
      />
      <PageHeader
        title={name}
        actions={
          canDelete && <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />
        }
      />
      <Tabs
        id="player-tabs"
        className="pd-person-tabs"
        selectedTabId={view.tab}
        onChange={(tab) => navigate(playerTabPath(id, tab as PlayerTab))}
        renderActiveTabPanelOnly
      >
        <Tab id="info" title="Player information" panel={infoPanel} />
        <Tab id="personal-info" title="Personal information" panel={personPanel} />
        <Tab id="clubs" title="Clubs" panel={clubsPanel} />
        <Tab id="teams" title="Teams" panel={teamsPanel} />
        <Tab id="matches" title="Matches" panel={matchesPanel} />
      </Tabs>

      <EntityDrawer isOpen={view.drawer === 'edit'} title="Edit player" onClose={close}>
        <PlayerInfoForm
          key={`edit-${reloads}`}
          player={player}
          onCancel={close}
          onSaved={(saved) => {
            setLoaded({ id, player: saved, error: null });
            close();
          }}
        />
      </EntityDrawer>
      <EntityDrawer isOpen={view.drawer === 'person'} title="Edit profile" onClose={close}>
        <PersonForm key={`person-${reloads}`} person={player.person} onCancel={close} onSaved={afterSave} />
      </EntityDrawer>
      <EntityDrawer isOpen={view.drawer === 'club-create'} title="Add club" onClose={close}>
        <PlayerClubForm
          playerId={id}
          takenIds={player.clubs.map((link) => link.clubId)}
          onCancel={close}
          onSaved={afterSave}
        />
      </EntityDrawer>
      <EntityDrawer isOpen={view.drawer === 'team-create'} title="Add team" onClose={close}>
        <PlayerTeamForm
          playerId={id}
          takenIds={player.teams.map((link) => link.teamId)}
          onCancel={close}
          onSaved={afterSave}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={DELETE_PLAYER_QUESTION}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await deletePlayerWithToast(player.id)) navigate('/players');
        }}
      />
      <ConfirmDelete
        isOpen={removing !== null}
        question={DELETE_LINK_QUESTION}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing === null) return;
          const removed =
            removing.kind === 'club'
              ? await deleteClubPlayerWithToast(removing.link.id)
              : await deleteTeamPlayerWithToast(removing.link.id);
          if (removed) reload();
        }}
      />
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className={Classes.TEXT_MUTED}>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
