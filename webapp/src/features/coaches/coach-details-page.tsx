import { Breadcrumbs, Button, HTMLTable, Intent, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
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
import { CoachClubForm, CoachTeamForm } from '@/features/coaches/coach-link-forms';
import { type CoachTab, coachTabPath, coachView } from '@/features/coaches/coach-view';
import {
  type ClubCoach,
  type CoachDetail,
  DELETE_COACH_QUESTION,
  DELETE_LINK_QUESTION,
  deleteClubCoachWithToast,
  deleteCoachWithToast,
  deleteTeamCoachWithToast,
  getCoach,
  type TeamCoach,
} from '@/features/coaches/coaches-api';
import '@/features/coaches/coaches.css';

export const NO_CLUBS_TEXT = 'This club manager does not manage any club';
export const NO_TEAMS_TEXT = 'This club manager does not manage any team';
export const NO_MATCHES_TEXT = 'This club manager does not participate in any match.';

type Loaded = { id: number; coach: CoachDetail; error: null } | { id: number; coach: null; error: string };
type Removing = { kind: 'club'; link: ClubCoach } | { kind: 'team'; link: TeamCoach } | null;

/**
 * A club manager at /coaches/:coachId with the tabs Personal information, Clubs (/clubs), Teams
 * (/teams) and Matches (/matches); the profile, add-club and add-team drawers open by route.
 */
export default function CoachDetailsPage() {
  const { coachId } = useParams();
  const id = Number(coachId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const view = coachView(pathname.split('/').filter((part) => part !== '').slice(2));
  const canCreate = useCan('Coaches', 'Create');
  const canDelete = useCan('Coaches', 'Delete');
  const canEditPerson = useCan('Persons', 'Update');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reloads, setReloads] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState<Removing>(null);

  useEffect(() => {
    let current = true;
    getCoach(id).then(
      (coach) => current && setLoaded({ id, coach, error: null }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
          navigate('/not-found', { replace: true });
        } else setLoaded({ id, coach: null, error: errorMessage(error, 'Error loading data.') });
      },
    );
    return () => {
      current = false;
    };
  }, [id, reloads, navigate]);

  if (loaded === null || loaded.id !== id) return <Loading />;
  if (loaded.coach === null) {
    return <NonIdealState icon="error" title="The club manager could not be loaded" description={loaded.error} />;
  }
  const coach = loaded.coach;
  const name = `${coach.name} ${coach.surname}`;
  const reload = () => setReloads((count) => count + 1);
  const close = () => navigate(coachTabPath(id, view.tab));
  const afterSave = () => {
    reload();
    close();
  };

  const tabActions = (actions: ReactNode) => <div className="pd-page-actions pd-tab-actions">{actions}</div>;
  const removeButton = (label: string, onClick: () => void) =>
    canDelete && (
      <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={label} title="Remove" onClick={onClick} />
    );

  const personPanel = (
    <div>
      {canEditPerson &&
        tabActions(<Button icon="edit" text="Edit profile" onClick={() => navigate(`/coaches/${id}/personal-info/edit`)} />)}
      <PersonDetails person={coach.person} countryOfBirth={coach.countryOfBirth} cityOfBirth={coach.cityOfBirth} />
    </div>
  );

  const clubsPanel = (
    <div>
      {canCreate &&
        tabActions(
          <Button intent={Intent.PRIMARY} icon="plus" text="Add club" onClick={() => navigate(`/coaches/${id}/clubs/create`)} />,
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
          {coach.clubs.map((link) => {
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
      {coach.clubs.length === 0 && <NonIdealState icon="search" description={NO_CLUBS_TEXT} className="pd-table-empty" />}
    </div>
  );

  const teamsPanel = (
    <div>
      {canCreate &&
        tabActions(
          <Button intent={Intent.PRIMARY} icon="plus" text="Add team" onClick={() => navigate(`/coaches/${id}/teams/create`)} />,
        )}
      <HTMLTable striped className="pd-table">
        <thead>
          <tr>
            <th>Team</th>
            <th>Role</th>
            <th>Active from</th>
            <th>Active to</th>
            <th className="pd-actions-cell">Actions</th>
          </tr>
        </thead>
        <tbody>
          {coach.teams.map((link) => {
            const team = link.team?.name ?? `Team ${link.teamId}`;
            return (
              <tr key={link.id}>
                <td>
                  <Link to={`/teams/${link.teamId}`}>{team}</Link>
                </td>
                <td>{link.role}</td>
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
      {coach.teams.length === 0 && <NonIdealState icon="search" description={NO_TEAMS_TEXT} className="pd-table-empty" />}
    </div>
  );

  // Matches arrive with issue 6; until then no club manager takes part in one.
  const matchesPanel = <NonIdealState icon="calendar" description={NO_MATCHES_TEXT} className="pd-table-empty" />;

  return (
    <div>
      <Breadcrumbs
        items={[
          {
            text: 'Club Managers',
            href: '/coaches',
            onClick: (event) => {
              event.preventDefault();
              navigate('/coaches');
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
        id="coach-tabs"
        className="pd-person-tabs"
        selectedTabId={view.tab}
        onChange={(tab) => navigate(coachTabPath(id, tab as CoachTab))}
        renderActiveTabPanelOnly
      >
        <Tab id="personal-info" title="Personal information" panel={personPanel} />
        <Tab id="clubs" title="Clubs" panel={clubsPanel} />
        <Tab id="teams" title="Teams" panel={teamsPanel} />
        <Tab id="matches" title="Matches" panel={matchesPanel} />
      </Tabs>

      <EntityDrawer isOpen={view.drawer === 'person'} title="Edit profile" onClose={close}>
        <PersonForm key={`person-${reloads}`} person={coach.person} onCancel={close} onSaved={afterSave} />
      </EntityDrawer>
      <EntityDrawer isOpen={view.drawer === 'club-create'} title="Add club" onClose={close}>
        <CoachClubForm
          coachId={id}
          takenIds={coach.clubs.map((link) => link.clubId)}
          onCancel={close}
          onSaved={afterSave}
        />
      </EntityDrawer>
      <EntityDrawer isOpen={view.drawer === 'team-create'} title="Add team" onClose={close}>
        <CoachTeamForm
          coachId={id}
          takenIds={coach.teams.map((link) => link.teamId)}
          onCancel={close}
          onSaved={afterSave}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={DELETE_COACH_QUESTION}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await deleteCoachWithToast(coach.id)) navigate('/coaches');
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
              ? await deleteClubCoachWithToast(removing.link.id)
              : await deleteTeamCoachWithToast(removing.link.id);
          if (removed) reload();
        }}
      />
    </div>
  );
}
