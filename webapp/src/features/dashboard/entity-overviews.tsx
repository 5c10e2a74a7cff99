import { Card, Classes, H4, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '@/state/use-can';
import { CountCard, ShortcutLink } from '@/features/dashboard/count-card';
import { getClub, getFederation, getOfficial, getTeam, type Loaded, useLoaded } from '@/features/dashboard/dashboard-api';
import { Loading } from '@/components/loading/loading';
import { PeriodTable } from '@/components/person-pages/period-table';

/** A count out of a loaded entity. */
function countFrom<T>(loaded: Loaded<T>, count: (data: T) => number): Loaded<number> {
  return loaded.status === 'loaded' ? { status: 'loaded', data: count(loaded.data) } : loaded;
}

interface SectionProps<T> {
  label: string;
  loaded: Loaded<T>;
  title: (data: T) => ReactNode;
  children: ReactNode;
}

/** A dashboard section about one entity, titled once it has loaded. */
function EntitySection<T>({ label, loaded, title, children }: SectionProps<T>) {
  return (
    <section className="pd-dashboard-section" aria-label={label}>
      {loaded.status === 'loading' && <Loading />}
      {loaded.status === 'error' && <NonIdealState icon="error" title={`${label} could not be loaded`} description={loaded.message} />}
      {loaded.status === 'loaded' && (
        <>
          <div className={`${Classes.TEXT_MUTED} pd-dashboard-label`}>{label}</div>
          <H4>{title(loaded.data)}</H4>
          {children}
        </>
      )}
    </section>
  );
}

/** A federation user's federation: its clubs, competitions and officials. */
export function FederationOverview({ id }: { id: number }) {
  const loaded = useLoaded(`federation-${id}`, () => getFederation(id));
  const canAddClub = useCan('Clubs', 'Create');
  const canAddCompetition = useCan('Competitions', 'Create');
  const canAddOfficial = useCan('Officials', 'Create');
  const base = `/federations/${id}`;
  return (
    <EntitySection label="Your federation" loaded={loaded} title={(f) => <Link to={base}>{f.name}</Link>}>
      <div className="pd-count-grid">
        <CountCard
          title="Clubs"
          icon="office"
          to={`${base}/clubs`}
          count={countFrom(loaded, (f) => f.clubs.length)}
          add={canAddClub ? { text: 'Add club', to: `${base}/clubs/create` } : null}
        />
        <CountCard
          title="Competitions"
          icon="trophy"
          to={`${base}/competitions`}
          count={countFrom(loaded, (f) => f.competitions.length)}
          add={canAddCompetition ? { text: 'Add competition', to: `${base}/competitions/create` } : null}
        />
        <CountCard
          title="Officials"
          icon="id-number"
          to={`${base}/officials`}
          count={countFrom(loaded, (f) => f.officials.length)}
          add={canAddOfficial ? { text: 'Add official', to: `${base}/officials/create` } : null}
        />
      </div>
    </EntitySection>
  );
}

/** A club user's club: its teams, club managers and players. */
export function ClubOverview({ id }: { id: number }) {
  const loaded = useLoaded(`club-${id}`, () => getClub(id));
  const canAddTeam = useCan('Teams', 'Create');
  const canAddCoach = useCan('Coaches', 'Create');
  const canAddPlayer = useCan('Players', 'Create');
  const base = `/clubs/${id}`;
  return (
    <EntitySection label="Your club" loaded={loaded} title={(c) => <Link to={base}>{c.name}</Link>}>
      <div className="pd-count-grid">
        <CountCard
          title="Teams"
          icon="people"
          to={`${base}/teams`}
          count={countFrom(loaded, (c) => c.teams.length)}
          add={canAddTeam ? { text: 'Add team', to: `${base}/teams/create` } : null}
        />
        <CountCard
          title="Club Managers"
          icon="clipboard"
          to={`${base}/coaches`}
          count={countFrom(loaded, (c) => c.coaches.length)}
          add={canAddCoach ? { text: 'Add Club Manager', to: `${base}/coaches/create` } : null}
        />
        <CountCard
          title="Players"
          icon="person"
          to={`${base}/players`}
          count={countFrom(loaded, (c) => c.players.length)}
          add={canAddPlayer ? { text: 'Add player', to: `${base}/players/create` } : null}
        />
      </div>
    </EntitySection>
  );
}

/** A coach's team: its players and club managers. */
export function TeamOverview({ id }: { id: number }) {
  const loaded = useLoaded(`team-${id}`, () => getTeam(id));
  const canAddPlayer = useCan('Players', 'Create');
  const base = `/teams/${id}`;
  return (
    <EntitySection label="Your team" loaded={loaded} title={(t) => <Link to={base}>{t.name}</Link>}>
      <div className="pd-count-grid">
        <CountCard
          title="Players"
          icon="person"
          to={`${base}/players`}
          count={countFrom(loaded, (t) => t.players.length)}
          add={canAddPlayer ? { text: 'Add player', to: `${base}/players/create` } : null}
        />
        <CountCard title="Club Managers" icon="clipboard" to={`${base}/coaches`} count={countFrom(loaded, (t) => t.coaches.length)} />
        <CountCard
          title="Competitions"
          icon="trophy"
          to={`${base}/competitions`}
          count={countFrom(loaded, (t) => t.competitionTeams.length)}
        />
      </div>
    </EntitySection>
  );
}

/** An official's own profile: title, PIN, and its roles per federation. */
export function OfficialOverview({ id }: { id: number }) {
  const loaded = useLoaded(`official-${id}`, () => getOfficial(id));
  const canUpdate = useCan('Officials', 'Update');
  const base = `/officials/${id}`;
  return (
    <EntitySection
      label="Your official profile"
      loaded={loaded}
      title={(o) => (
        <Link to={base}>
          {o.name} {o.surname}
        </Link>
      )}
    >
      {loaded.status === 'loaded' && (
        <Card className="pd-details">
          <dl className="pd-details-list">
            <dt className={Classes.TEXT_MUTED}>Title</dt>
            <dd>{loaded.data.title || '—'}</dd>
            <dt className={Classes.TEXT_MUTED}>PIN</dt>
            <dd>{loaded.data.hasPin ? 'Set' : 'Not set'}</dd>
          </dl>
          {loaded.data.federations.length === 0 ? (
            <p className={Classes.TEXT_MUTED}>The official holds no role in any federation.</p>
          ) : (
            <PeriodTable
              compact
              aria-label="Federation roles"
              rows={loaded.data.federations}
              columns={[
                { title: 'Federation', render: (role) => role.federation?.name ?? `Federation ${role.federationId}` },
                { title: 'Roles', render: (role) => role.officialRoles.map((r) => r.role).join(', ') },
              ]}
            />
          )}
          <div className="pd-page-actions pd-dashboard-actions">
            <ShortcutLink shortcut={{ text: 'Open profile', to: base }} icon="id-number" />
            {canUpdate && <ShortcutLink shortcut={{ text: 'Change PIN', to: `${base}/pin/edit` }} icon="key" />}
          </div>
        </Card>
      )}
    </EntitySection>
  );
}
