import { Card, Classes, H2, H5, Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router';

interface Shortcut {
  title: string;
  route: string;
  icon: IconName;
  description: string;
}

const SHORTCUTS: readonly Shortcut[] = [
  { title: 'Federations', route: '/federations', icon: 'flag', description: 'Federations, their clubs, competitions and officials.' },
  { title: 'Clubs', route: '/clubs', icon: 'office', description: 'Clubs with their teams, club managers and players.' },
  { title: 'Teams', route: '/teams', icon: 'people', description: 'Teams by category and the competitions they play in.' },
  { title: 'Competitions', route: '/competitions', icon: 'trophy', description: 'Seasons, competing teams, fixtures and standings.' },
  { title: 'Matches', route: '/matches', icon: 'calendar', description: 'Fixtures, lineups, officials, match logs and reports.' },
  { title: 'Club Managers', route: '/coaches', icon: 'clipboard', description: 'Coaches and the clubs and teams they manage.' },
  { title: 'Players', route: '/players', icon: 'person', description: 'Player profiles, clubs, teams and matches played.' },
  { title: 'Officials', route: '/officials', icon: 'id-number', description: 'Referees, delegates and table officials.' },
  { title: 'Cities', route: '/cities', icon: 'map-marker', description: 'Cities of each country, used by every address.' },
];

export default function DashboardPage() {
  return (
    <div>
      <H2>Welcome to PoloDesk</H2>
      <p className={Classes.RUNNING_TEXT}>
        Administer federations, clubs, teams, people and competitions, and run water polo matches from the first
        whistle to the match report. Pick an area to start.
      </p>
      <div className="pd-shortcuts">
        {SHORTCUTS.map((shortcut) => (
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
