import { describe, expect, it } from 'vitest';
import { guardDecision, routeAccess } from '@/app/route-access';

describe('routeAccess', () => {
  it.each([
    ['/', 'Dashboard', 'Read'],
    ['/cities', 'Cities', 'Read'],
    ['/cities/create', 'Cities', 'Create'],
    ['/cities/7', 'Cities', 'Read'],
    ['/cities/7/edit', 'Cities', 'Update'],
    ['/users', 'Users', 'Read'],
    ['/users/create', 'Users', 'Create'],
    ['/users/3', 'Users', 'Read'],
    ['/users/3/edit', 'Users', 'Update'],
    ['/federations/2/clubs', 'Federations', 'Read'],
    ['/clubs/4/players', 'Clubs', 'Read'],
    ['/coaches/1/edit', 'Coaches', 'Update'],
    ['/match-log/9', 'MatchLog', 'Read'],
    ['/live-scoring/9', 'MatchLog', 'Read'],
    ['/match-report/9', 'Matches', 'Read'],
  ])('%s needs %s %s', (path, module, action) => {
    expect(routeAccess(path)).toEqual({ module, action, area: module });
  });

  it.each([
    ['/federations/2/clubs/create', 'Clubs', 'Create', 'Federations'],
    ['/clubs/4/teams/create', 'Teams', 'Create', 'Clubs'],
    ['/teams/5/players/create', 'Players', 'Create', 'Teams'],
    ['/competitions/6/teams/3/edit', 'CompetitionTeams', 'Update', 'Competitions'],
    ['/officials/8/roles/create', 'FederationRoles', 'Create', 'Officials'],
    ['/officials/8/personal-info/edit', 'Persons', 'Update', 'Officials'],
    ['/matches/9/officials/create', 'Officials', 'Create', 'Matches'],
    ['/matches/9/lineups/edit', 'Matches', 'Update', 'Matches'],
  ])('the drawer %s acts on %s (%s) within %s', (path, module, action, area) => {
    expect(routeAccess(path)).toEqual({ module, action, area });
  });

  it.each(['/authentication/login', '/authentication/profile', '/not-found', '/some/unknown/route'])(
    '%s is open',
    (path) => {
      expect(routeAccess(path)).toBeNull();
    },
  );
});

describe('guardDecision', () => {
  it('lets everyone see open pages, also before the session is known', () => {
    expect(guardDecision('/not-found', '', 'loading', [])).toEqual({ kind: 'allow' });
    expect(guardDecision('/authentication/logged-out', '', 'signedOut', [])).toEqual({ kind: 'allow' });
  });

  it('sends a user who must turn on two-step sign-in to the Account page, and lets open pages be', () => {
    expect(guardDecision('/clubs/4', '', 'signedIn', ['Admin'], true)).toEqual({
      kind: 'redirect',
      to: '/authentication/profile',
    });
    expect(guardDecision('/', '', 'signedIn', ['Admin'], true)).toEqual({ kind: 'redirect', to: '/authentication/profile' });
    expect(guardDecision('/authentication/logout', '', 'signedIn', ['Admin'], true)).toEqual({ kind: 'allow' });
    expect(guardDecision('/clubs/4', '', 'signedIn', ['Admin'], false)).toEqual({ kind: 'allow' });
  });

  it('waits while the stored session is being checked', () => {
    expect(guardDecision('/cities', '', 'loading', [])).toEqual({ kind: 'wait' });
  });

  it('sends a signed-out visitor to login with the path and query as return URL', () => {
    expect(guardDecision('/cities', '', 'signedOut', [])).toEqual({
      kind: 'redirect',
      to: '/authentication/login?returnUrl=%2Fcities',
    });
    expect(guardDecision('/cities/7/edit', '?filter=novi&page=2', 'signedOut', [])).toEqual({
      kind: 'redirect',
      to: '/authentication/login?returnUrl=%2Fcities%2F7%2Fedit%3Ffilter%3Dnovi%26page%3D2',
    });
    expect(guardDecision('/', '', 'signedOut', [])).toEqual({ kind: 'redirect', to: '/authentication/login' });
  });

  it('sends a signed-in user without the right to /not-found', () => {
    expect(guardDecision('/users', '', 'signedIn', ['Person'])).toEqual({ kind: 'redirect', to: '/not-found' });
    expect(guardDecision('/cities/create', '', 'signedIn', ['Federation'])).toEqual({
      kind: 'redirect',
      to: '/not-found',
    });
    expect(guardDecision('/coaches', '', 'signedIn', ['Coach'])).toEqual({ kind: 'redirect', to: '/not-found' });
  });

  it('lets a user in when any role allows', () => {
    expect(guardDecision('/', '', 'signedIn', ['Person'])).toEqual({ kind: 'allow' });
    expect(guardDecision('/cities', '', 'signedIn', ['Person'])).toEqual({ kind: 'allow' });
    expect(guardDecision('/users/3/edit', '', 'signedIn', ['Admin'])).toEqual({ kind: 'allow' });
    expect(guardDecision('/coaches', '', 'signedIn', ['Coach', 'Official'])).toEqual({ kind: 'allow' });
    expect(guardDecision('/federations/2/clubs/create', '', 'signedIn', ['Federation'])).toEqual({ kind: 'allow' });
    expect(guardDecision('/federations/2/create', '', 'signedIn', ['Federation'])).toEqual({
      kind: 'redirect',
      to: '/not-found',
    });
  });

  it('keeps a user without any role out of every module', () => {
    expect(guardDecision('/', '', 'signedIn', [])).toEqual({ kind: 'redirect', to: '/not-found' });
  });
});
