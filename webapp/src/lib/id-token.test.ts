import { describe, expect, it } from 'vitest';
import { forThisApp, sameIssuer } from '@/lib/id-token';

const AUTHORITY = 'https://polodesk.example.org';

describe('the ID token check', () => {
  it('takes a token of this issuer for this app, a trailing slash aside', () => {
    expect(forThisApp({ iss: AUTHORITY, aud: 'polodesk-web' }, AUTHORITY, 'polodesk-web')).toBe(true);
    expect(forThisApp({ iss: `${AUTHORITY}/`, aud: ['polodesk-web'] }, AUTHORITY, 'polodesk-web')).toBe(true);
  });

  it('refuses another issuer, another audience, or none', () => {
    expect(forThisApp({ iss: 'https://evil.example', aud: 'polodesk-web' }, AUTHORITY, 'polodesk-web')).toBe(false);
    expect(forThisApp({ iss: AUTHORITY, aud: 'polodesk-cli' }, AUTHORITY, 'polodesk-web')).toBe(false);
    expect(forThisApp({ iss: AUTHORITY }, AUTHORITY, 'polodesk-web')).toBe(false);
    expect(forThisApp({ aud: 'polodesk-web' }, AUTHORITY, 'polodesk-web')).toBe(false);
  });

  it('takes several audiences only when this app is the authorized party', () => {
    const claims = { iss: AUTHORITY, aud: ['polodesk-web', 'polodesk-api'] };
    expect(forThisApp(claims, AUTHORITY, 'polodesk-web')).toBe(false);
    expect(forThisApp({ ...claims, azp: 'polodesk-web' }, AUTHORITY, 'polodesk-web')).toBe(true);
    expect(forThisApp({ ...claims, azp: 'polodesk-api' }, AUTHORITY, 'polodesk-web')).toBe(false);
  });

  it('compares issuers as URLs written the same way', () => {
    expect(sameIssuer('http://127.0.0.1:8080/', 'http://127.0.0.1:8080')).toBe(true);
    expect(sameIssuer('http://127.0.0.1:8081', 'http://127.0.0.1:8080')).toBe(false);
    expect(sameIssuer(undefined, 'http://127.0.0.1:8080')).toBe(false);
  });
});
