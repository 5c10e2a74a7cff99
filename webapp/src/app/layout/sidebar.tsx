import { Button, Classes, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { toggleSidebarByUser, useSidebarCollapsed } from '@/app/layout/sidebar-collapse';
import { activeRoute, isActiveRoute, MENU, type MenuEntry, visibleMenu, withOwnClubs } from '@/app/menu';
import { useOwnClubs } from '@/app/own-clubs';
import { profileRoles } from '@/lib/permissions';
import { LOCAL_LOGOUT_STATE, LOGIN_PATH, LOGOUT_PATH, PROFILE_PATH } from '@/lib/return-url';
import { session } from '@/state/session';

/** Entries grouped in menu order: ungrouped entries first, then each named group. */
function groupEntries(entries: readonly MenuEntry[]): [string | undefined, MenuEntry[]][] {
  const groups = new Map<string | undefined, MenuEntry[]>();
  for (const entry of entries) {
    groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  }
  return [...groups.entries()];
}

/**
 * The collapsible dark sidebar: product title, the module menu with the user's own clubs after
 * Home, and the account menu at the bottom.
 * It collapses on its own in a narrow window (a tablet) until the user toggles it themselves.
 */
export function Sidebar() {
  const collapsed = useSidebarCollapsed();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { status, profile } = useSnapshot(session);
  const signedIn = status === 'signedIn';
  // Until a user who must turn on two-step sign-in has, only their Account page opens.
  const open = signedIn && profile?.twoStepDue !== true;
  const ownClubs = useOwnClubs(open ? profile : null);
  const entries = open ? withOwnClubs(visibleMenu(MENU, profileRoles(profile)), ownClubs) : [];
  // One entry is the current page: on /clubs/5 the own club's, not Clubs as well.
  const current = activeRoute(entries.map((entry) => entry.route), pathname);

  const item = (text: string, route: string, icon: MenuEntry['icon'], active: boolean, state?: unknown) => (
    <MenuItem
      key={route}
      text={collapsed ? undefined : text}
      title={text}
      aria-label={text}
      icon={icon}
      href={route}
      active={active}
      onClick={(event: MouseEvent<HTMLElement>) => {
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(route, { state });
      }}
    />
  );

  return (
    <nav className={`${Classes.DARK} pd-sidebar${collapsed ? ' pd-sidebar-collapsed' : ''}`} aria-label="Main menu">
      <div className="pd-sidebar-header">
        {!collapsed && <span className="pd-sidebar-title">PoloDesk</span>}
        <Button
          variant="minimal"
          icon={collapsed ? 'menu-open' : 'menu-closed'}
          aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
          title={collapsed ? 'Expand menu' : 'Collapse menu'}
          onClick={() => toggleSidebarByUser(collapsed)}
        />
      </div>
      <Menu className="pd-sidebar-menu">
        {groupEntries(entries).map(([group, groupItems]) => [
          group !== undefined && <MenuDivider key={`group-${group}`} title={collapsed ? undefined : group} />,
          ...groupItems.map((entry) => item(entry.text, entry.route, entry.icon, entry.route === current)),
        ])}
      </Menu>
      <Menu className="pd-sidebar-bottom">
        {signedIn && item('Account', PROFILE_PATH, 'user', isActiveRoute(PROFILE_PATH, pathname))}
        {signedIn && item('Logout', LOGOUT_PATH, 'log-out', isActiveRoute(LOGOUT_PATH, pathname), LOCAL_LOGOUT_STATE)}
        {status === 'signedOut' && item('Login', LOGIN_PATH, 'log-in', isActiveRoute(LOGIN_PATH, pathname))}
      </Menu>
    </nav>
  );
}
