// The page that silent sign-in and silent renew load in a hidden iframe (silent_redirect_uri).
// It hands the identity server's answer to the app window, which completes the sign-in; it
// carries oidc-client-ts only, no React or Blueprint.
import { UserManager } from 'oidc-client-ts';

// Passing on the answer needs none of the client settings; these only satisfy the constructor.
new UserManager({
  authority: window.location.origin,
  client_id: 'polodesk-web',
  redirect_uri: window.location.href,
  automaticSilentRenew: false,
})
  .signinSilentCallback()
  .catch((error: unknown) => console.error('Silent sign-in callback failed:', error));
