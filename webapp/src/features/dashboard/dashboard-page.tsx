import { Card, Classes, H2, H4, H5, Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { DetailsList, Tags } from '@/components/details-list/details-list';
import { profileRoles, type Role } from '@/lib/permissions';
import { session } from '@/state/session';
import { AdminOverview } from '@/features/dashboard/admin-overview';
import { ShortcutLink } from '@/features/dashboard/count-card';
import {
  ClubOverview,
  FederationOverview,
  OfficialOverview,
  TeamOverview,
} from '@/features/dashboard/entity-overviews';
import '@/features/dashboard/dashboard.css';

interface AreaLink {
  title: string;
  route: string;
  icon: IconName;
  description: string;
  /** The roles whose sidebar lists the area (spec 01 §2 "Sidebar menu"). */
  roles: readonly Role[];
}

/** The areas other than the administration, with the roles the sidebar shows them to. */
const AREAS: readonly AreaLink[] = [
  { title: 'Federations', route: '/federations', icon: 'flag', description: 'Federations, their clubs, competitions and officials.', roles: ['Federation', 'Official'] },
  { title: 'Clubs', route: '/clubs', icon: 'office', description: 'Clubs with their teams, club managers and players.', roles: ['Federation', 'Coach'] },
  { title: 'Teams', route: '/teams', icon: 'people', description: 'Teams by category and the competitions they play in.', roles: ['Federation', 'Club', 'Coach'] },
  { title: 'Competitions', route: '/competitions', icon: 'trophy', description: 'Seasons, competing teams, fixtures and standings.', roles: ['Federation', 'Official', 'Club'] },
  { title: 'Matches', route: '/matches', icon: 'calendar', description: 'Fixtures, lineups, officials, match logs and reports.', roles: ['Federation', 'Official', 'Club'] },
  { title: 'Club Managers', route: '/coaches', icon: 'clipboard', description: 'Coaches and the clubs and teams they manage.', roles: ['Federation', 'Club'] },
  { title: 'Players', route: '/players', icon: 'person', description: 'Player profiles, clubs, teams and matches played.', roles: ['Federation', 'Club'] },
  { title: 'Officials', route: '/officials', icon: 'id-number', description: 'Referees, delegates and table officials.', roles: ['Federation', 'Official'] },
];

/**
 * The home page: what the signed-in user can act on. An administrator sees every area counted
 * with Add shortcuts; federation staff their federation's clubs, competitions and officials;
 * club staff their club's teams, club managers and players; a coach its teams; an official its
 * profile and roles; everyone else their account. Below, the areas its sidebar lists.
 */
export default function DashboardPage() {
  const { profile } = useSnapshot(session);
  const roles = profileRoles(profile);
  if (!profile) return null;
  const admin = roles.includes('Admin');
  const { access } = profile;
  const areas = AREAS.filter((area) => area.roles.some((role) => roles.includes(role)));

  return (
    <div className="pd-dashboard">
      <H2>Welcome, {profile.name}</H2>
      <p className={Classes.RUNNING_TEXT}>
        Administer federations, clubs, teams, people and competitions, and run water polo matches from the first
        whistle to the match report.
      </p>
      {admin && <AdminOverview />}
      {!admin && roles.includes('Federation') && access.federations.map((id) => <FederationOverview key={`f${id}`} id={id} />)}
      {!admin && roles.includes('Club') && access.clubs.map((id) => <ClubOverview key={`c${id}`} id={id} />)}
      {!admin && roles.includes('Coach') && access.teams.map((id) => <TeamOverview key={`t${id}`} id={id} />)}
      {roles.includes('Official') && access.officials.map((id) => <OfficialOverview key={`o${id}`} id={id} />)}
      {!admin && (
        <section className="pd-dashboard-section" aria-label="Your account">
          <H4>Your account</H4>
          <DetailsList
            rows={[
              ['Name', profile.name],
              ['Email', profile.email],
              ['Roles', <Tags values={profile.roles} />],
            ]}
          >
            <ShortcutLink shortcut={{ text: 'Account', to: '/authentication/profile' }} icon="user" />
          </DetailsList>
        </section>
      )}
      {!admin && areas.length > 0 && (
        <section className="pd-dashboard-section" aria-label="Areas">
          <H4>Areas</H4>
          <div className="pd-shortcuts">
            {areas.map((area) => (
              <Link key={area.route} to={area.route} className="pd-shortcut">
                <Card interactive>
                  <H5>
                    <Icon icon={area.icon} /> {area.title}
                  </H5>
                  <p className={Classes.TEXT_MUTED}>{area.description}</p>
                </Card>
              </Link>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
