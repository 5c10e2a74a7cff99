import { describe, expect, it } from 'vitest';
import { activeRoute, ALL_ROLES, isActiveRoute, MENU, visibleMenu, withOwnClubs } from '@/app/menu';

const texts = (roles: Parameters<typeof visibleMenu>[1]) => visibleMenu(MENU, roles).map((entry) => entry.text);

describe('visibleMenu', () => {
  it('shows everything to an admin and to all roles together', () => {
    expect(texts(['Admin'])).toHaveLength(MENU.length);
    expect(texts(ALL_ROLES)).toHaveLength(MENU.length);
  });

  it('follows the role table of the spec', () => {
    expect(texts(['Coach'])).toEqual(['Home', 'Clubs', 'Teams']);
    expect(texts(['Official'])).toEqual(['Home', 'Federations', 'Competitions', 'Matches', 'Officials']);
    expect(texts(['Person'])).toEqual(['Home']);
    expect(texts(['Club', 'Coach'])).toEqual([
      'Home',
      'Clubs',
      'Teams',
      'Competitions',
      'Matches',
      'Club Managers',
      'Players',
    ]);
  });
});

describe('isActiveRoute', () => {
  it('marks a section active on its sub-pages but Home only on the home page', () => {
    expect(isActiveRoute('/cities', '/cities/5/edit')).toBe(true);
    expect(isActiveRoute('/cities', '/citiesx')).toBe(false);
    expect(isActiveRoute('/', '/cities')).toBe(false);
    expect(isActiveRoute('/', '/')).toBe(true);
  });
});

describe('withOwnClubs', () => {
  const partizan = { id: 1, name: 'VK Partizan' };
  const jug = { id: 4, name: 'VK Jug' };

  it('puts each own club right after Home, named, opening its page', () => {
    const menu = withOwnClubs(visibleMenu(MENU, ['Club']), [jug, partizan]);
    expect(menu.map((entry) => entry.text)).toEqual(['Home', 'VK Jug', 'VK Partizan', 'Teams', 'Competitions', 'Matches', 'Club Managers', 'Players']);
    expect(menu[2]).toMatchObject({ route: '/clubs/1', icon: 'office' });
  });

  it('keeps the whole clubs list for a coach beside their club, and the menu as it is without one', () => {
    expect(withOwnClubs(visibleMenu(MENU, ['Coach']), [partizan]).map((entry) => entry.text)).toEqual(['Home', 'VK Partizan', 'Clubs', 'Teams']);
    expect(withOwnClubs(visibleMenu(MENU, ['Official']), [])).toEqual(visibleMenu(MENU, ['Official']));
  });
});

describe('activeRoute', () => {
  const routes = ['/', '/clubs/1', '/clubs', '/teams'];

  it('marks the most precise entry: the own club on its pages, Clubs on the others', () => {
    expect(activeRoute(routes, '/clubs/1')).toBe('/clubs/1');
    expect(activeRoute(routes, '/clubs/1/teams')).toBe('/clubs/1');
    expect(activeRoute(routes, '/clubs/12')).toBe('/clubs');
    expect(activeRoute(routes, '/clubs')).toBe('/clubs');
    expect(activeRoute(routes, '/')).toBe('/');
    expect(activeRoute(routes, '/matches')).toBeNull();
  });
});
