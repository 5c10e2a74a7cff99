/** The texts of sign-in and sign-out (spec 01 §5 and §8). */

export const INVALID_RETURN_URL =
  'Invalid return url. The return url needs to have the same origin as the current page.';
export const SIGN_IN_ERROR = 'There was an error signing in.';
export const LOGOUT_NOT_LOCAL = 'The logout was not initiated from within the page.';
export const LOGGED_OUT = 'You successfully logged out!';
export const UNKNOWN_ERROR = 'Unknown error occured. Please contact developers.';
