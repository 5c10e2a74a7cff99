import { Button, HTMLTable, Intent, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TableFrame } from '@/components/table-frame/table-frame';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { useDetail } from '@/lib/use-detail';
import { RowActions } from '@/components/row-actions/row-actions';
import { ListBreadcrumbs, PageHeader } from '@/components/page-header/page-header';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/state/use-can';
import { ClubForm } from '@/features/clubs/club-form';
import { CompetitionForm } from '@/features/competitions/competition-form';
import { DetailsList, yesNo } from '@/components/details-list/details-list';
import { useOwnsFederation } from '@/lib/ownership';
import { OfficialForm } from '@/features/officials/official-form';
import {
  type Club,
  DELETE_FEDERATION_QUESTION,
  deleteFederationOfficialWithToast,
  deleteFederationWithToast,
  type FederationOfficial,
  getFederation,
  REMOVE_CLUB_QUESTION,
  REMOVE_OFFICIAL_QUESTION,
  removeClubWithToast,
} from '@/features/federations/federations-api';
import { FederationForm } from '@/features/federations/federation-form';

export type FederationTab = 'details' | 'clubs' | 'competitions' | 'officials';
type Drawer = 'edit' | 'add-club' | 'add-competition' | 'add-official' | 'edit-official';

/** What the path under /federations/:federationId shows: its tab and which drawer is open. */
export function federationScreen(rest: readonly string[]): { tab: FederationTab; drawer: Drawer | null; officialId: number | null } {
  const [first, second, third] = rest;
  if (first === 'edit') return { tab: 'details', drawer: 'edit', officialId: null };
  if (first === 'clubs') return { tab: 'clubs', drawer: second === 'create' ? 'add-club' : null, officialId: null };
  if (first === 'competitions') {
    return { tab: 'competitions', drawer: second === 'create' ? 'add-competition' : null, officialId: null };
  }
  if (first === 'officials') {
    if (second === 'create') return { tab: 'officials', drawer: 'add-official', officialId: null };
    if (second !== undefined && third === 'edit') return { tab: 'officials', drawer: 'edit-official', officialId: Number(second) };
    return { tab: 'officials', drawer: null, officialId: null };
  }
  return { tab: 'details', drawer: null, officialId: null };
}

const TAB_PATHS: Record<FederationTab, string> = {
  details: '',
  clubs: '/clubs',
  competitions: '/competitions',
  officials: '/officials',
};

/** A list of a tab: its table, or the spec's empty text. */
function TabTable({ empty, headers, children, count }: { empty: string; headers: readonly string[]; children: ReactNode; count: number }) {
  if (count === 0) return <NonIdealState icon="search" description={empty} className="pd-table-empty" />;
  return (
    <TableFrame>
      <HTMLTable striped interactive className="pd-table">
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} className={header === 'Actions' ? 'pd-actions-cell' : undefined}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </HTMLTable>
    </TableFrame>
  );
}

function TabActions({ children }: { children: ReactNode }) {
  return (
    <div className="pd-page-actions" style={{ marginBottom: 12 }}>
      {children}
    </div>
  );
}

/**
 * A federation at /federations/:federationId with its tabs Details, Clubs, Competitions and
 * Officials, each with its own route, and the drawers Edit federation, Add club, Add
 * competition, Add official and Edit official opened by route.
 */
export default function FederationPage() {
  const { federationId } = useParams();
  const id = Number(federationId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = `/federations/${id}`;
  const screen = federationScreen(pathname.slice(base.length).split('/').filter((part) => part !== ''));
  const { state: loaded, reload, reloads } = useDetail(id, getFederation);
  const [confirming, setConfirming] = useState(false);
  const [removingClub, setRemovingClub] = useState<Club | null>(null);
  const [removingOfficial, setRemovingOfficial] = useState<FederationOfficial | null>(null);

  const owns = useOwnsFederation(id);
  const canUpdate = useCan('Federations', 'Update') && owns;
  const canDelete = useCan('Federations', 'Delete') && owns;
  const canAddClub = useCan('Clubs', 'Create') && owns;
  const canRemoveClub = useCan('Clubs', 'Update') && owns;
  const canAddCompetition = useCan('Competitions', 'Create') && owns;
  const canReadOfficials = useCan('Officials', 'Read');
  const createsOfficials = useCan('Officials', 'Create');
  const updatesOfficials = useCan('Officials', 'Update');
  const createsRoles = useCan('FederationRoles', 'Create');
  const updatesRoles = useCan('FederationRoles', 'Update');
  const deletesRoles = useCan('FederationRoles', 'Delete');
  // Spec 01 §6: the official role actions need the federation-role rights too.
  const canAddOfficial = createsOfficials && createsRoles && owns;
  const canEditOfficial = updatesOfficials && updatesRoles && owns;
  const canRemoveOfficial = deletesRoles && owns;

  if (loaded === null) return <Loading />;
  if (loaded.detail === null) {
    return <NonIdealState icon="error" title="The federation could not be loaded" description={loaded.error} />;
  }
  const federation = loaded.detail;
  const go = (path: string) => navigate(`${base}${path}`);
  /** Closing a drawer returns to its tab; a save also loads the federation again. */
  const back = (tab: FederationTab) => () => go(TAB_PATHS[tab]);
  const saved = (tab: FederationTab) => () => {
    reload();
    go(TAB_PATHS[tab]);
  };

  return (
    <div>
      <ListBreadcrumbs listTitle={'Federations'} listPath={'/federations'} name={federation.name} />
      <PageHeader
        title={federation.name}
        actions={
          <>
            {canUpdate && <Button icon="edit" text="Edit" onClick={() => go('/edit')} />}
            {canDelete && <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />}
          </>
        }
      />
      <Tabs id="federation-tabs" selectedTabId={screen.tab} onChange={(tab) => go(TAB_PATHS[tab as FederationTab])}>
        <Tab id="details" title="Details" />
        <Tab id="clubs" title="Clubs" />
        <Tab id="competitions" title="Competitions" />
        {canReadOfficials && <Tab id="officials" title="Officials" />}
      </Tabs>
      <div style={{ marginTop: 16 }}>
        {screen.tab === 'details' && (
          <DetailsList
            logo={federation.logo}
            logoAlt={`${federation.name} logo`}
            rows={[
              ['Name', federation.name],
              ['Universal name', federation.nameUniversal],
              ['Short name', federation.shortName],
              ['Description', federation.description],
              ['President', federation.president],
              ['Secretary', federation.secretary],
              ['Country', federation.country?.name],
              ['City', federation.city?.name],
              ['Active from', formatDate(federation.activeFrom)],
              ['Active to', formatDate(federation.activeTo)],
              ['Categories', federation.categories.map((category) => category.category).join(', ')],
              ['Address', federation.address],
              ['Phone', federation.phone],
              ['Web', federation.web],
              ['Email', federation.email],
              ['Facebook', federation.facebook],
              ['Twitter', federation.twitter],
              ['Youtube', federation.youtube],
              ['Instagram', federation.instagram],
              ['Professional', yesNo(federation.isPro)],
            ]}
          />
        )}
        {screen.tab === 'clubs' && (
          <>
            {canAddClub && (
              <TabActions>
                <Button intent={Intent.PRIMARY} icon="plus" text="Add club" onClick={() => go('/clubs/create')} />
              </TabActions>
            )}
            <TabTable
              empty="There are no clubs in this federation."
              headers={['Name', 'Universal name', 'Short name', 'City', 'Active from', 'Actions']}
              count={federation.clubs.length}
            >
              {federation.clubs.map((club) => (
                <tr key={club.id}>
                  <td>
                    <Link to={`/clubs/${club.id}`}>{club.name}</Link>
                  </td>
                  <td>{club.nameUniversal}</td>
                  <td>{club.shortName ?? ''}</td>
                  <td>{club.city?.name ?? ''}</td>
                  <td>{formatDate(club.activeFrom)}</td>
                  <td className="pd-actions-cell">
                    <div className="pd-row-actions">
                      <Link to={`/clubs/${club.id}`}>Details</Link>
                      {canRemoveClub && (
                        <Button
                          variant="minimal"
                          icon="remove"
                          intent={Intent.DANGER}
                          aria-label={`Remove ${club.name} from the federation`}
                          title="Remove from the federation"
                          onClick={() => setRemovingClub(club)}
                        />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </TabTable>
          </>
        )}
        {screen.tab === 'competitions' && (
          <>
            {canAddCompetition && (
              <TabActions>
                <Button intent={Intent.PRIMARY} icon="plus" text="Add competition" onClick={() => go('/competitions/create')} />
              </TabActions>
            )}
            <TabTable
              empty="There are no competitions in this federation."
              headers={['Name', 'Category', 'Type', 'Season', 'Start date', 'End date', 'Actions']}
              count={federation.competitions.length}
            >
              {federation.competitions.map((competition) => (
                <tr key={competition.id}>
                  <td>
                    <Link to={`/competitions/${competition.id}`}>{competition.name}</Link>
                  </td>
                  <td>{competition.category?.name ?? ''}</td>
                  <td>{competition.competitionType?.name ?? ''}</td>
                  <td>{competition.season ?? ''}</td>
                  <td>{formatDate(competition.startDate)}</td>
                  <td>{formatDate(competition.endDate)}</td>
                  <td className="pd-actions-cell">
                    <Link to={`/competitions/${competition.id}`}>Details</Link>
                  </td>
                </tr>
              ))}
            </TabTable>
          </>
        )}
        {screen.tab === 'officials' && (
          <>
            {canAddOfficial && (
              <TabActions>
                <Button intent={Intent.PRIMARY} icon="plus" text="Add official" onClick={() => go('/officials/create')} />
              </TabActions>
            )}
            <TabTable
              empty="There are no officials in this federation."
              headers={['Name', 'Roles', 'Active from', 'Active to', 'Actions']}
              count={federation.officials.length}
            >
              {federation.officials.map((link) => {
                const name = link.official ? `${link.official.name} ${link.official.surname}` : `#${link.officialId}`;
                // Spec 01 §2: in a federation, a row leads to the official's edit drawer there.
                const to = canEditOfficial ? `${base}/officials/${link.officialId}/edit` : `/officials/${link.officialId}`;
                return (
                  <tr key={link.id}>
                    <td>
                      <Link to={to}>{name}</Link>
                    </td>
                    <td>{link.officialRoles.map((role) => role.role).join(', ')}</td>
                    <td>{formatDate(link.activeFrom)}</td>
                    <td>{formatDate(link.activeTo)}</td>
                    <td className="pd-actions-cell">
                      <RowActions
                        detailsTo={`/officials/${link.officialId}`}
                        label={name}
                        onEdit={canEditOfficial ? () => go(`/officials/${link.officialId}/edit`) : undefined}
                        onDelete={canRemoveOfficial ? () => setRemovingOfficial(link) : undefined}
                        removeTitle="Remove from the federation"
                      />
                    </td>
                  </tr>
                );
              })}
            </TabTable>
          </>
        )}
      </div>
      <EntityDrawer isOpen={screen.drawer === 'edit'} title="Edit federation" onClose={back('details')}>
        <FederationForm key={`${federation.id}-${reloads}`} federation={federation} onCancel={back('details')} onSaved={saved('details')} />
      </EntityDrawer>
      <EntityDrawer isOpen={screen.drawer === 'add-club'} title="Add club" onClose={back('clubs')}>
        <ClubForm fixedFederationId={federation.id} onCancel={back('clubs')} onSaved={saved('clubs')} />
      </EntityDrawer>
      <EntityDrawer isOpen={screen.drawer === 'add-competition'} title="Add competition" onClose={back('competitions')}>
        <CompetitionForm
          competition={null}
          fixedFederationId={federation.id}
          onCancel={back('competitions')}
          onSaved={saved('competitions')}
        />
      </EntityDrawer>
      <EntityDrawer isOpen={screen.drawer === 'add-official'} title="Add official" onClose={back('officials')}>
        <OfficialForm fixedFederationId={federation.id} onCancel={back('officials')} onSaved={saved('officials')} />
      </EntityDrawer>
      <EntityDrawer isOpen={screen.drawer === 'edit-official'} title="Edit official" onClose={back('officials')}>
        {screen.officialId !== null && (
          <OfficialForm
            key={screen.officialId}
            fixedFederationId={federation.id}
            officialId={screen.officialId}
            onCancel={back('officials')}
            onSaved={saved('officials')}
          />
        )}
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={DELETE_FEDERATION_QUESTION}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await deleteFederationWithToast(federation.id)) navigate('/federations');
        }}
      />
      <ConfirmDelete
        isOpen={removingClub !== null}
        question={REMOVE_CLUB_QUESTION}
        onClose={() => setRemovingClub(null)}
        onConfirm={async () => {
          if (removingClub && (await removeClubWithToast(removingClub.id))) reload();
        }}
      />
      <ConfirmDelete
        isOpen={removingOfficial !== null}
        question={REMOVE_OFFICIAL_QUESTION}
        onClose={() => setRemovingOfficial(null)}
        onConfirm={async () => {
          if (removingOfficial && (await deleteFederationOfficialWithToast(removingOfficial.id))) reload();
        }}
      />
    </div>
  );
}
