/**
 * What oidc-client-ts leaves unchecked of the issuer's answers (it checks the ID token's nonce
 * and subject): that the discovery document names the issuer the app was set up with (RFC 8414
 * §3.3, ASVS V10.5.3), and that the ID token comes from that issuer for this app (OIDC Core
 * 3.1.3.7 items 2–5, ASVS V10.5.4).
 */

export const OTHER_ISSUER = 'The sign-in server names another issuer than this app expects, so the sign-in was refused.';
export const NOT_FOR_THIS_APP = 'The sign-in answer was not meant for this app, so it was refused.';

const trimmed = (url: string) => url.replace(/\/+$/, '');

/** Whether `issuer` names the same issuer as the app's `authority` (a trailing slash aside). */
export const sameIssuer = (issuer: unknown, authority: string): boolean =>
  typeof issuer === 'string' && trimmed(issuer) === trimmed(authority);

/** The claims of an ID token this check reads. */
export interface IdTokenClaims {
  iss?: unknown;
  aud?: unknown;
  azp?: unknown;
}

/** Whether an ID token with `claims` was issued by `authority` for the client `clientId`. */
export function forThisApp(claims: IdTokenClaims, authority: string, clientId: string): boolean {
  const audiences: unknown[] = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
  if (!sameIssuer(claims.iss, authority) || !audiences.includes(clientId)) return false;
  // Beside other audiences, the party it was issued to must be this app.
  return audiences.length === 1 || claims.azp === clientId;
}
