import { Button, Intent, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { Fragment, type ReactElement, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Schemas } from '@/api/types';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { type Match, MatchTable } from '@/components/match-table/match-table';
import { ListBreadcrumbs, PageHeader } from '@/components/page-header/page-header';
import { type PeriodColumn, type PeriodRow, PeriodTable } from '@/components/person-pages/period-table';
import { useDetail } from '@/lib/use-detail';
import { PersonDetails } from '@/components/profile-picker/person-details';
import { PersonForm } from '@/components/profile-picker/person-form';
import type { Person } from '@/components/profile-picker/person-validation';
import type { Module } from '@/lib/permissions';
import { useCan } from '@/state/use-can';

type Ref = Schemas['EntityRef'] | null | undefined;

export interface ClubLink extends PeriodRow {
  clubId: number;
  club?: Ref;
}
export interface TeamLink extends PeriodRow {
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
  teamColumns: readonly PeriodColumn<T>[];
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

interface LinksPanelProps<L extends PeriodRow> {
  addButton: ReactNode;
  rows: readonly L[];
  columns: readonly PeriodColumn<L>[];
  removeButton: (link: L) => ReactNode;
  emptyText: string;
}

/** The Clubs or Teams tab: the links with their periods, Add above and Remove on each row. */
function LinksPanel<L extends PeriodRow>({ addButton, rows, columns, removeButton, emptyText }: LinksPanelProps<L>) {
  return (
    <div>
      {addButton}
      <PeriodTable striped rows={rows} columns={columns} actions={removeButton} />
      {rows.length === 0 && <NonIdealState icon="search" description={emptyText} className="pd-table-empty" />}
    </div>
  );
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

  const clubName = (link: C) => link.club?.name ?? `Club ${link.clubId}`;
  const teamName = (link: T) => link.team?.name ?? `Team ${link.teamId}`;
  const clubsPanel = (
    <LinksPanel
      addButton={addButton('Add club', `${base}/clubs/create`)}
      rows={detail.clubs}
      columns={[{ title: 'Club', render: (link) => <Link to={`/clubs/${link.clubId}`}>{clubName(link)}</Link> }]}
      removeButton={(link) => removeButton(`Remove ${clubName(link)}`, () => setRemoving({ kind: 'club', link }))}
      emptyText={emptyTexts.clubs}
    />
  );
  const teamsPanel = (
    <LinksPanel
      addButton={addButton('Add team', `${base}/teams/create`)}
      rows={detail.teams}
      columns={[
        { title: 'Team', render: (link) => <Link to={`/teams/${link.teamId}`}>{teamName(link)}</Link> },
        ...props.teamColumns,
      ]}
      removeButton={(link) => removeButton(`Remove ${teamName(link)}`, () => setRemoving({ kind: 'team', link }))}
      emptyText={emptyTexts.teams}
    />
  );

  const matchesPanel = <MatchTable matches={detail.matches} emptyText={emptyTexts.matches} />;

  return (
    <div>
      <ListBreadcrumbs listTitle={props.listTitle} listPath={listPath} name={name} />
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
