import { Button, Classes, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { toggleSidebarByUser, useSidebarCollapsed } from '@/app/layout/sidebar-collapse';
import { isActiveRoute, MENU, type MenuEntry, visibleMenu } from '@/app/menu';
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
 * The collapsible dark sidebar: product title, the module menu, and the account menu at the bottom.
 * It collapses on its own in a narrow window (a tablet) until the user toggles it themselves.
 */
export function Sidebar() {
  const collapsed = useSidebarCollapsed();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { status, profile } = useSnapshot(session);
  const signedIn = status === 'signedIn';
  const entries = signedIn ? visibleMenu(MENU, profileRoles(profile)) : [];

  const item = (text: string, route: string, icon: MenuEntry['icon'], state?: unknown) => (
    <MenuItem
      key={route}
      text={collapsed ? undefined : text}
      title={text}
      aria-label={text}
      icon={icon}
      href={route}
      active={isActiveRoute(route, pathname)}
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
          ...groupItems.map((entry) => item(entry.text, entry.route, entry.icon)),
        ])}
      </Menu>
      <Menu className="pd-sidebar-bottom">
        {signedIn && item('Account', PROFILE_PATH, 'user')}
        {signedIn && item('Logout', LOGOUT_PATH, 'log-out', LOCAL_LOGOUT_STATE)}
        {status === 'signedOut' && item('Login', LOGIN_PATH, 'log-in')}
      </Menu>
    </nav>
  );
}
