import { describe, expect, it } from 'vitest';
import { loginFailedPath, loginPath, resolveReturnUrl } from '@/lib/return-url';

const ORIGIN = 'http://127.0.0.1:8080';

describe('resolveReturnUrl', () => {
  it.each([
    [null, '/'],
    ['', '/'],
    ['/cities?page=2', '/cities?page=2'],
    ['/users/5/edit#top', '/users/5/edit#top'],
    [`${ORIGIN}/cities/5`, '/cities/5'],
    ['cities', '/cities'],
  ])('accepts %s as %s', (raw, path) => {
    expect(resolveReturnUrl(raw, ORIGIN)).toEqual({ ok: true, path });
  });

  it.each([
    'https://evil.example/cities',
    '//evil.example/cities',
    'http://127.0.0.1:9090/cities',
    'https://127.0.0.1:8080/cities',
    'javascript:alert(1)',
    'http://[bad',
  ])('refuses %s, which has another origin', (raw) => {
    expect(resolveReturnUrl(raw, ORIGIN)).toEqual({ ok: false });
  });

  it('uses the fallback when there is no return URL', () => {
    expect(resolveReturnUrl(undefined, ORIGIN, '/authentication/logged-out')).toEqual({
      ok: true,
      path: '/authentication/logged-out',
    });
  });
});

describe('loginPath and loginFailedPath', () => {
  it('carries the return URL and the message in the query', () => {
    expect(loginPath()).toBe('/authentication/login');
    expect(loginPath('/')).toBe('/authentication/login');
    expect(loginPath('/cities?filter=novi sad&page=2')).toBe(
      '/authentication/login?returnUrl=%2Fcities%3Ffilter%3Dnovi+sad%26page%3D2',
    );
    const url = new URL(loginFailedPath('Access denied & more'), ORIGIN);
    expect(url.pathname).toBe('/authentication/login-failed');
    expect(url.searchParams.get('message')).toBe('Access denied & more');
  });
});
