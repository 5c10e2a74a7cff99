import { Button, Card, Intent, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { logoSrc } from '@/components/logo-upload/png';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { RowActions } from '@/components/row-actions/row-actions';
import { ListBreadcrumbs, PageHeader } from '@/components/page-header/page-header';
import { Detail } from '@/components/person-pages/detail';
import { PeriodTable } from '@/components/person-pages/period-table';
import { useDetail } from '@/lib/use-detail';
import { PersonDetails } from '@/components/profile-picker/person-details';
import { PersonForm } from '@/components/profile-picker/person-form';
import { useCan } from '@/state/use-can';
import { OfficialForm } from '@/features/officials/official-form';
import { OfficialRoleForm } from '@/features/officials/official-role-form';
import {
  DELETE_OFFICIAL_QUESTION,
  DELETE_ROLE_QUESTION,
  deleteFederationOfficialWithToast,
  deleteOfficialWithToast,
  type FederationOfficial,
  getOfficial,
  officialName,
} from '@/features/officials/officials-api';
import { OfficialMatches } from '@/features/officials/official-matches-tab';
import { PIN_DRAWER_WIDTH, PinForm } from '@/features/officials/pin-form';
import '@/features/officials/officials.css';

export { NO_MATCHES_TEXT } from '@/features/officials/official-matches-tab';
export const NO_ROLES_TEXT = 'The official holds no role in any federation.';

const federationName = (role: FederationOfficial) => role.federation?.name ?? `Federation ${role.federationId}`;
const roleNames = (role: FederationOfficial) => role.officialRoles.map((r) => r.role).join(', ');

type TabId = 'info' | 'personal-info' | 'roles' | 'matches';

/** What the path below /officials/:officialId shows: the tab and the drawer open over it. */
export interface OfficialView {
  tab: TabId;
  drawer: 'edit' | 'pin' | 'person' | 'role-create' | 'role-edit' | null;
  roleId: number | null;
}

/** Reads the tab and drawer from the path's segments after the official's id. */
export function officialView(rest: readonly string[]): OfficialView {
  const [first, second, third] = rest;
  switch (first) {
    case 'edit':
      return { tab: 'info', drawer: 'edit', roleId: null };
    case 'pin':
      return { tab: 'info', drawer: 'pin', roleId: null };
    case 'personal-info':
      return { tab: 'personal-info', drawer: second === 'edit' ? 'person' : null, roleId: null };
    case 'roles':
      if (second === 'create') return { tab: 'roles', drawer: 'role-create', roleId: null };
      if (second !== undefined && third === 'edit') return { tab: 'roles', drawer: 'role-edit', roleId: Number(second) };
      return { tab: 'roles', drawer: null, roleId: null };
    case 'matches':
      return { tab: 'matches', drawer: null, roleId: null };
    default:
      return { tab: 'info', drawer: null, roleId: null };
  }
}

/**
 * An official at /officials/:officialId with the tabs Official information, Personal
 * information (/personal-info), Federations (/roles) and Matches (/matches); the edit, PIN,
 * profile and role drawers open by route over their tab.
 */
export default function OfficialDetailsPage() {
  const { officialId } = useParams();
  const id = Number(officialId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = `/officials/${id}`;
  const view = officialView(pathname.split('/').filter((part) => part !== '').slice(2));
  const canUpdate = useCan('Officials', 'Update');
  const canDelete = useCan('Officials', 'Delete');
  const canEditPerson = useCan('Persons', 'Update');
  const canAddRole = useCan('FederationRoles', 'Create');
  const canEditRole = useCan('FederationRoles', 'Update');
  const canDeleteRole = useCan('FederationRoles', 'Delete');
  const { state: loaded, reload, reloads, setDetail } = useDetail(id, getOfficial);
  const [confirming, setConfirming] = useState(false);
  const [removingRole, setRemovingRole] = useState<FederationOfficial | null>(null);

  const editedRole =
    view.drawer === 'role-edit' && loaded?.detail ? (loaded.detail.federations.find((f) => f.id === view.roleId) ?? null) : null;
  const missingRole = view.drawer === 'role-edit' && loaded?.detail != null && editedRole === null;
  useEffect(() => {
    // A deep link to a role the official does not hold is a page that does not exist.
    if (missingRole) navigate('/not-found', { replace: true });
  }, [missingRole, navigate]);

  if (loaded === null) return <Loading />;
  if (loaded.detail === null) {
    return <NonIdealState icon="error" title="The official could not be loaded" description={loaded.error} />;
  }
  const official = loaded.detail;
  const tabPath = (tab: TabId) => (tab === 'info' ? base : `${base}/${tab}`);
  const close = () => navigate(tabPath(view.tab));
  const name = officialName(official);

  const infoPanel = (
    <Card className="pd-details">
      <div className="pd-page-actions pd-tab-actions">
        {canUpdate && <Button icon="edit" text="Edit" onClick={() => navigate(`${base}/edit`)} />}
        {canUpdate && <Button icon="key" text="Change PIN" onClick={() => navigate(`${base}/pin/edit`)} />}
        {canDelete && <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />}
      </div>
      <dl className="pd-details-list">
        <Detail label="Name">{official.name}</Detail>
        <Detail label="Surname">{official.surname}</Detail>
        <Detail label="Title">{official.title || '—'}</Detail>
        <Detail label="PIN">{official.hasPin ? 'Set' : 'Not set'}</Detail>
      </dl>
    </Card>
  );

  const person = official.person;
  const personPanel = (
    <div>
      {canEditPerson && (
        <div className="pd-page-actions pd-tab-actions">
          <Button icon="edit" text="Edit profile" onClick={() => navigate(`${base}/personal-info/edit`)} />
        </div>
      )}
      {person.photo && <img className="pd-official-photo" src={logoSrc(person.photo)} alt={`${name} photo`} height={110} />}
      <PersonDetails person={person} countryOfBirth={official.countryOfBirth} cityOfBirth={official.cityOfBirth} />
    </div>
  );

  const rolesPanel = (
    <div>
      {canAddRole && (
        <div className="pd-page-actions pd-tab-actions">
          <Button intent={Intent.PRIMARY} icon="plus" text="Add federation" onClick={() => navigate(`${base}/roles/create`)} />
        </div>
      )}
      <PeriodTable
        striped
        rows={official.federations}
        columns={[
          { title: 'Federation', render: (role) => <Link to={`/federations/${role.federationId}`}>{federationName(role)}</Link> },
          { title: 'Roles', render: roleNames },
        ]}
        actions={(role) => (
          <RowActions
            label={`roles in ${federationName(role)}`}
            onEdit={canEditRole ? () => navigate(`${base}/roles/${role.id}/edit`) : undefined}
            onDelete={canDeleteRole ? () => setRemovingRole(role) : undefined}
          />
        )}
      />
      {official.federations.length === 0 && <NonIdealState icon="search" description={NO_ROLES_TEXT} className="pd-table-empty" />}
    </div>
  );

  const matchesPanel = <OfficialMatches officialId={official.id} matches={official.matches} />;

  return (
    <div>
      <ListBreadcrumbs listTitle={'Officials'} listPath={'/officials'} name={name} />
      <PageHeader title={name} />
      <Tabs
        id="official-tabs"
        className="pd-official-tabs"
        selectedTabId={view.tab}
        onChange={(tab) => navigate(tabPath(tab as TabId))}
        renderActiveTabPanelOnly
      >
        <Tab id="info" title="Official information" panel={infoPanel} />
        <Tab id="personal-info" title="Personal information" panel={personPanel} />
        <Tab id="roles" title="Federations" panel={rolesPanel} />
        <Tab id="matches" title="Matches" panel={matchesPanel} />
      </Tabs>

      <EntityDrawer isOpen={view.drawer === 'edit'} title="Edit official" onClose={close}>
        <OfficialForm
          key={`edit-${reloads}`}
          officialId={official.id}
          onCancel={close}
          onSaved={(saved) => {
            setDetail(saved);
            close();
          }}
        />
      </EntityDrawer>
      <EntityDrawer isOpen={view.drawer === 'pin'} title="Change PIN" onClose={close} width={PIN_DRAWER_WIDTH}>
        <PinForm
          officialId={official.id}
          onCancel={close}
          onSaved={() => {
            reload();
            close();
          }}
        />
      </EntityDrawer>
      <EntityDrawer isOpen={view.drawer === 'person'} title="Edit profile" onClose={close}>
        <PersonForm
          key={`person-${reloads}`}
          person={person}
          onCancel={close}
          onSaved={() => {
            reload();
            close();
          }}
        />
      </EntityDrawer>
      <EntityDrawer
        isOpen={view.drawer === 'role-create' || (view.drawer === 'role-edit' && editedRole !== null)}
        title={view.drawer === 'role-edit' ? 'Edit federation' : 'Add federation'}
        onClose={close}
      >
        <OfficialRoleForm
          key={`${view.drawer}-${view.roleId}-${reloads}`}
          official={official}
          role={editedRole}
          onCancel={close}
          onSaved={() => {
            reload();
            close();
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={DELETE_OFFICIAL_QUESTION}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await deleteOfficialWithToast(official.id)) navigate('/officials');
        }}
      />
      <ConfirmDelete
        isOpen={removingRole !== null}
        question={DELETE_ROLE_QUESTION}
        onClose={() => setRemovingRole(null)}
        onConfirm={async () => {
          if (removingRole && (await deleteFederationOfficialWithToast(removingRole.id))) reload();
        }}
      />
    </div>
  );
}
