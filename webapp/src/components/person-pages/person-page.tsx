import { Breadcrumbs, Button, HTMLTable, Intent, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { Fragment, type ReactElement, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Schemas } from '@/api/types';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { type Match, MatchTable } from '@/components/match-table/match-table';
import { PageHeader } from '@/components/page-header/page-header';
import { useDetail } from '@/lib/use-detail';
import { PersonDetails } from '@/components/profile-picker/person-details';
import { PersonForm } from '@/components/profile-picker/person-form';
import type { Person } from '@/components/profile-picker/person-validation';
import { formatDate } from '@/lib/dates';
import type { Module } from '@/lib/permissions';
import { useCan } from '@/state/use-can';

type Ref = Schemas['EntityRef'] | null | undefined;

interface Period {
  id: number;
  activeFrom?: string | null;
  activeTo?: string | null;
}
export interface ClubLink extends Period {
  clubId: number;
  club?: Ref;
}
export interface TeamLink extends Period {
  teamId: number;
  team?: Ref;
}

/** A club manager's or player's details: the person, the clubs and teams they belong to, their matches. */
export interface PersonLinksDetail<C extends ClubLink, T extends TeamLink> {
  id: number;
  name: string;
  surname: string;
  person: Person;
  countryOfBirth?: Ref;
  cityOfBirth?: Ref;
  clubs: C[];
  teams: T[];
  /** Latest first. */
  matches: Match[];
}

/** The tab and the drawer the path below the person's page shows. */
export interface PersonView {
  tab: string;
  drawer: string | null;
}

interface LinkFormProps {
  takenIds: number[];
  onCancel: () => void;
  onSaved: () => void;
}

interface PersonPageProps<C extends ClubLink, T extends TeamLink, D extends PersonLinksDetail<C, T>> {
  id: number;
  /** The list's title and route, e.g. 'Club Managers' and '/coaches'. */
  listTitle: string;
  listPath: string;
  /** What one is called where the page cannot load, e.g. 'club manager'. */
  noun: string;
  module: Module;
  tabsId: string;
  load: (id: number) => Promise<D>;
  view: PersonView;
  tabPath: (tab: string) => string;
  /** The texts of the empty Clubs, Teams and Matches tabs. */
  emptyTexts: { clubs: string; teams: string; matches: string };
  /** The team rows' own columns, between Team and Active from. */
  teamColumns: readonly { title: string; render: (link: T) => ReactNode }[];
  deleteQuestion: string;
  linkQuestion: string;
  deleteWithToast: (id: number) => Promise<boolean>;
  deleteClubLinkWithToast: (linkId: number) => Promise<boolean>;
  deleteTeamLinkWithToast: (linkId: number) => Promise<boolean>;
  renderClubForm: (props: LinkFormProps) => ReactNode;
  renderTeamForm: (props: LinkFormProps) => ReactNode;
  /** A first tab of the role's own fields (id 'info') with its edit drawer (drawer 'edit'). */
  info?: {
    title: string;
    panel: (detail: D) => ReactElement;
    editTitle: string;
    renderEditForm: (detail: D, done: { onCancel: () => void; onSaved: (saved: D) => void }) => ReactNode;
  };
}

type Removing<C, T> = { kind: 'club'; link: C } | { kind: 'team'; link: T } | null;

/**
 * A club manager's or player's page: Personal information, Clubs, Teams and Matches tabs by
 * route (after the role's own tab, where it has one); the profile, add-club and add-team drawers
 * open by route, and a club or team is removed after the confirmation.
 */
export function PersonPage<C extends ClubLink, T extends TeamLink, D extends PersonLinksDetail<C, T>>(
  props: PersonPageProps<C, T, D>,
) {
  const { id, listPath, view, tabPath, emptyTexts, info } = props;
  const navigate = useNavigate();
  const canCreate = useCan(props.module, 'Create');
  const canDelete = useCan(props.module, 'Delete');
  const canEditPerson = useCan('Persons', 'Update');
  const { state, reload, reloads, setDetail } = useDetail(id, props.load);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState<Removing<C, T>>(null);

  if (state === null) return <Loading />;
  if (state.detail === null) {
    return <NonIdealState icon="error" title={`The ${props.noun} could not be loaded`} description={state.error} />;
  }
  const detail = state.detail;
  const name = `${detail.name} ${detail.surname}`;
  const base = `${listPath}/${id}`;
  const close = () => navigate(tabPath(view.tab));
  const afterSave = () => {
    reload();
    close();
  };

  const tabActions = (actions: ReactNode) => <div className="pd-page-actions pd-tab-actions">{actions}</div>;
  const addButton = (text: string, to: string) =>
    canCreate && tabActions(<Button intent={Intent.PRIMARY} icon="plus" text={text} onClick={() => navigate(to)} />);
  const removeButton = (label: string, onClick: () => void) =>
    canDelete && (
      <Button variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={label} title="Remove" onClick={onClick} />
    );

  const personPanel = (
    <div>
      {canEditPerson && tabActions(<Button icon="edit" text="Edit profile" onClick={() => navigate(`${base}/personal-info/edit`)} />)}
      <PersonDetails person={detail.person} countryOfBirth={detail.countryOfBirth} cityOfBirth={detail.cityOfBirth} />
    </div>
  );

  const clubsPanel = (
    <div>
      {addButton('Add club', `${base}/clubs/create`)}
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
          {detail.clubs.map((link) => {
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
      {detail.clubs.length === 0 && <NonIdealState icon="search" description={emptyTexts.clubs} className="pd-table-empty" />}
    </div>
  );

  const teamsPanel = (
    <div>
      {addButton('Add team', `${base}/teams/create`)}
      <HTMLTable striped className="pd-table">
        <thead>
          <tr>
            <th>Team</th>
            {props.teamColumns.map((column) => (
              <th key={column.title}>{column.title}</th>
            ))}
            <th>Active from</th>
            <th>Active to</th>
            <th className="pd-actions-cell">Actions</th>
          </tr>
        </thead>
        <tbody>
          {detail.teams.map((link) => {
            const team = link.team?.name ?? `Team ${link.teamId}`;
            return (
              <tr key={link.id}>
                <td>
                  <Link to={`/teams/${link.teamId}`}>{team}</Link>
                </td>
                {props.teamColumns.map((column) => (
                  <td key={column.title}>{column.render(link)}</td>
                ))}
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
      {detail.teams.length === 0 && <NonIdealState icon="search" description={emptyTexts.teams} className="pd-table-empty" />}
    </div>
  );

  const matchesPanel = <MatchTable matches={detail.matches} emptyText={emptyTexts.matches} />;

  return (
    <div>
      <Breadcrumbs
        items={[
          {
            text: props.listTitle,
            href: listPath,
            onClick: (event) => {
              event.preventDefault();
              navigate(listPath);
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
        id={props.tabsId}
        className="pd-person-tabs"
        selectedTabId={view.tab}
        onChange={(tab) => navigate(tabPath(String(tab)))}
        renderActiveTabPanelOnly
      >
        {info && <Tab id="info" title={info.title} panel={info.panel(detail)} />}
        <Tab id="personal-info" title="Personal information" panel={personPanel} />
        <Tab id="clubs" title="Clubs" panel={clubsPanel} />
        <Tab id="teams" title="Teams" panel={teamsPanel} />
        <Tab id="matches" title="Matches" panel={matchesPanel} />
      </Tabs>

      {info && (
        <EntityDrawer isOpen={view.drawer === 'edit'} title={info.editTitle} onClose={close}>
          <Fragment key={`edit-${reloads}`}>
            {info.renderEditForm(detail, {
              onCancel: close,
              onSaved: (saved) => {
                setDetail(saved);
                close();
              },
            })}
          </Fragment>
        </EntityDrawer>
      )}
      <EntityDrawer isOpen={view.drawer === 'person'} title="Edit profile" onClose={close}>
        <PersonForm key={`person-${reloads}`} person={detail.person} onCancel={close} onSaved={afterSave} />
      </EntityDrawer>
      <EntityDrawer isOpen={view.drawer === 'club-create'} title="Add club" onClose={close}>
        {props.renderClubForm({ takenIds: detail.clubs.map((link) => link.clubId), onCancel: close, onSaved: afterSave })}
      </EntityDrawer>
      <EntityDrawer isOpen={view.drawer === 'team-create'} title="Add team" onClose={close}>
        {props.renderTeamForm({ takenIds: detail.teams.map((link) => link.teamId), onCancel: close, onSaved: afterSave })}
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={props.deleteQuestion}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await props.deleteWithToast(detail.id)) navigate(listPath);
        }}
      />
      <ConfirmDelete
        isOpen={removing !== null}
        question={props.linkQuestion}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing === null) return;
          const removed =
            removing.kind === 'club'
              ? await props.deleteClubLinkWithToast(removing.link.id)
              : await props.deleteTeamLinkWithToast(removing.link.id);
          if (removed) reload();
        }}
      />
    </div>
  );
}
