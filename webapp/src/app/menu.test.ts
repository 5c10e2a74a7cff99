import { describe, expect, it } from 'vitest';
import { ALL_ROLES, isActiveRoute, MENU, visibleMenu } from '@/app/menu';

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
