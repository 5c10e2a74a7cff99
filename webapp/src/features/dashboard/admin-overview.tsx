import type { IconName } from '@blueprintjs/core';
import { useSnapshot } from 'valtio';
import { can, type Module, profileRoles } from '@/lib/permissions';
import { session } from '@/state/session';
import { CountCard } from '@/features/dashboard/count-card';
import { countOf, lengthOf, useLoaded } from '@/features/dashboard/dashboard-api';

interface Area {
  title: string;
  route: string;
  icon: IconName;
  module: Module;
  addText: string;
  /** A search answering totalItems, or a list counted in the browser. */
  search?: string;
  list?: string;
}

/** The registry areas an administrator sees counted (matches arrive with issue 6). */
export const ADMIN_AREAS: readonly Area[] = [
  { title: 'Federations', route: '/federations', icon: 'flag', module: 'Federations', addText: 'Add federation', search: '/api/Federations/search' },
  { title: 'Clubs', route: '/clubs', icon: 'office', module: 'Clubs', addText: 'Add club', search: '/api/Clubs/search' },
  { title: 'Teams', route: '/teams', icon: 'people', module: 'Teams', addText: 'Add team', search: '/api/Teams/search' },
  { title: 'Competitions', route: '/competitions', icon: 'trophy', module: 'Competitions', addText: 'Add competition', search: '/api/Competitions/search' },
  { title: 'Officials', route: '/officials', icon: 'id-number', module: 'Officials', addText: 'Add official', search: '/api/Officials/search' },
  { title: 'Club Managers', route: '/coaches', icon: 'clipboard', module: 'Coaches', addText: 'Add Club Manager', search: '/api/Coaches/search' },
  { title: 'Players', route: '/players', icon: 'person', module: 'Players', addText: 'Add player', search: '/api/Players/search' },
  { title: 'Users', route: '/users', icon: 'user', module: 'Users', addText: 'Add user', list: '/api/Users' },
  { title: 'Cities', route: '/cities', icon: 'map-marker', module: 'Cities', addText: 'Add city', list: '/api/Cities' },
];

function AreaCount({ area, canAdd }: { area: Area; canAdd: boolean }) {
  const path = area.search ?? area.list ?? '';
  const count = useLoaded(path, () => (area.search ? countOf(area.search) : lengthOf(path)));
  return (
    <CountCard
      title={area.title}
      icon={area.icon}
      to={area.route}
      count={count}
      add={canAdd ? { text: area.addText, to: `${area.route}/create` } : null}
    />
  );
}

/** Every area with how many items it holds and a shortcut to add one. */
export function AdminOverview() {
  const { profile } = useSnapshot(session);
  const roles = profileRoles(profile);
  return (
    <section className="pd-dashboard-section" aria-label="Registry">
      <div className="pd-count-grid">
        {ADMIN_AREAS.filter((area) => can(roles, area.module, 'Read')).map((area) => (
          <AreaCount key={area.route} area={area} canAdd={can(roles, area.module, 'Create')} />
        ))}
      </div>
    </section>
  );
}
