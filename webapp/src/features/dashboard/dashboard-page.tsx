import { Card, Classes, H2, H5, Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { can, type Module, profileRoles } from '@/lib/permissions';
import { session } from '@/state/session';

interface Shortcut {
  title: string;
  route: string;
  icon: IconName;
  description: string;
  module: Module;
}

const SHORTCUTS: readonly Shortcut[] = [
  { title: 'Federations', route: '/federations', icon: 'flag', description: 'Federations, their clubs, competitions and officials.', module: 'Federations' },
  { title: 'Clubs', route: '/clubs', icon: 'office', description: 'Clubs with their teams, club managers and players.', module: 'Clubs' },
  { title: 'Teams', route: '/teams', icon: 'people', description: 'Teams by category and the competitions they play in.', module: 'Teams' },
  { title: 'Competitions', route: '/competitions', icon: 'trophy', description: 'Seasons, competing teams, fixtures and standings.', module: 'Competitions' },
  { title: 'Matches', route: '/matches', icon: 'calendar', description: 'Fixtures, lineups, officials, match logs and reports.', module: 'Matches' },
  { title: 'Club Managers', route: '/coaches', icon: 'clipboard', description: 'Coaches and the clubs and teams they manage.', module: 'Coaches' },
  { title: 'Players', route: '/players', icon: 'person', description: 'Player profiles, clubs, teams and matches played.', module: 'Players' },
  { title: 'Officials', route: '/officials', icon: 'id-number', description: 'Referees, delegates and table officials.', module: 'Officials' },
  { title: 'Cities', route: '/cities', icon: 'map-marker', description: 'Cities of each country, used by every address.', module: 'Cities' },
];

export default function DashboardPage() {
  const { profile } = useSnapshot(session);
  const roles = profileRoles(profile);
  // Only the areas this user may open.
  const shortcuts = SHORTCUTS.filter((shortcut) => can(roles, shortcut.module, 'Read'));
  return (
    <div>
      <H2>Welcome to PoloDesk</H2>
      <p className={Classes.RUNNING_TEXT}>
        Administer federations, clubs, teams, people and competitions, and run water polo matches from the first
        whistle to the match report. Pick an area to start.
      </p>
      <div className="pd-shortcuts">
        {shortcuts.map((shortcut) => (
          <Link key={shortcut.route} to={shortcut.route} className="pd-shortcut">
            <Card interactive>
              <H5>
                <Icon icon={shortcut.icon} /> {shortcut.title}
              </H5>
              <p className={Classes.TEXT_MUTED}>{shortcut.description}</p>
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}
