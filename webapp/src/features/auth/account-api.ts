import { api, ApiRequestError } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { AccountActivity } from '@/components/activity-card/activity-text';

export type PasswordChange = Schemas['PasswordChange'];
export type SignIn = Schemas['SignInView'];
export type ApiTokenStatus = Schemas['ApiTokenStatus'];
export type IssuedApiToken = Schemas['ApiTokenView'];
export type TwoStepStatus = Schemas['TwoStepStatus'];
export type TwoStepSetup = Schemas['TwoStepSetup'];
export type RecoveryCodes = Schemas['RecoveryCodes'];

/** Changes the signed-in user's password; every sign-in of the account ends, this one too. */
export const changeOwnPassword = (change: PasswordChange) => api.put<void>('/api/Users/me/password', change);

/** Ends every sign-in of the signed-in user, on every device, this one too. */
export const endOwnSignIns = () => api.delete('/api/Users/me/sessions');

/** Where the signed-in user is signed in: one sign-in for each app on each device, the last used first. */
export const listOwnSignIns = () => api.get<SignIn[]>('/api/Users/me/sessions');

/** What happened to the signed-in user's sign-in, the latest first (the latest 50). */
export const listOwnActivity = () => api.get<AccountActivity[]>('/api/Users/me/activity');

export const ACTIVITY_NOTE =
  'Sign-ins, wrong passwords and changes to how you sign in, the latest first. If one was not you, change your password and sign out everywhere.';

/** Ends one sign-in of the signed-in user: that app on that device must sign in again. */
export const endOwnSignIn = (id: number) => api.delete(`/api/Users/me/sessions/${id}`);

/** The signed-in user's API token's dates, or null when they have none that works. */
export async function getOwnApiToken(): Promise<ApiTokenStatus | null> {
  try {
    return await api.get<ApiTokenStatus>('/api/Users/me/api-token');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/** Issues a new API token, answered with its value this once; the previous one stops working. */
export const issueApiToken = () => api.get<IssuedApiToken>('/api/Users/api-token');

/** Revokes the signed-in user's API token: scripts using it are refused at once. */
export const revokeApiToken = () => api.delete('/api/Users/me/api-token');

export const NEW_TOKEN_QUESTION =
  'Issue a new API token? The current one stops working at once: give the new one to your scripts.';
export const REVOKE_TOKEN_QUESTION = 'Revoke your API token? Scripts using it are refused at once.';
export const TOKEN_REVOKED = 'Your API token is revoked.';
export const TOKEN_NOTE =
  'Copy it now: it is not shown again. Scripts send it as "Authorization: Bearer <token>"; the command line reads it from POLODESK_TOKEN.';
/** A token this close to its end is shown with a warning. */
export const TOKEN_WARNING_DAYS = 30;

/** Whether a token stops working within `TOKEN_WARNING_DAYS` of `now` (Unix seconds). */
export const endsSoon = (status: ApiTokenStatus, now: number) =>
  status.expiresAt - now < TOKEN_WARNING_DAYS * 86_400;

/** The server's rule for a new password, mirrored so the form can say it before sending. */
export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters.';
export const PASSWORDS_DIFFER = 'Passwords do not match.';
export const PASSWORD_UNCHANGED = 'The new password must be different from the current one.';
export const PASSWORD_CHANGED = 'Your password is changed. Sign in again with the new password.';
export const SIGNED_OUT_EVERYWHERE = 'You are signed out on every device.';
export const SIGNED_OUT_THERE = 'That device is signed out.';
export const signOutThereQuestion = (signIn: SignIn) =>
  `Sign out ${signIn.app} on ${signIn.device}? It will have to sign in again with the password.`;
export const SIGN_OUT_EVERYWHERE_QUESTION =
  'Sign out of PoloDesk on every device, this one included? Scripts using your API token keep working.';

export interface PasswordForm {
  currentPassword: string;
  password: string;
  confirm: string;
}

/** What is wrong with the form, field by field, before it is sent. */
export function passwordFormErrors(form: PasswordForm): Partial<Record<keyof PasswordForm, string>> {
  const errors: Partial<Record<keyof PasswordForm, string>> = {};
  if ([...form.password].length < PASSWORD_MIN_CHARS) errors.password = PASSWORD_TOO_SHORT;
  else if (form.password === form.currentPassword) errors.password = PASSWORD_UNCHANGED;
  if (form.confirm !== form.password) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}

/** Whether the signed-in user's sign-ins ask for a code, and how many recovery codes are left. */
export const getOwnTwoStep = () => api.get<TwoStepStatus>('/api/Users/me/two-step');

/** Starts turning two-step sign-in on: a new key for the authenticator app, counted once a code confirms it. */
export const startTwoStep = (currentPassword: string) =>
  api.post<TwoStepSetup>('/api/Users/me/two-step', { currentPassword });

/** Turns two-step sign-in on with a code the app shows; answers the recovery codes, this once. */
export const confirmTwoStep = (code: string) => api.post<RecoveryCodes>('/api/Users/me/two-step/confirm', { code });

/** New recovery codes, answered this once; the unused old ones stop working. */
export const newRecoveryCodes = (currentPassword: string) =>
  api.post<RecoveryCodes>('/api/Users/me/two-step/recovery-codes', { currentPassword });

/** Turns two-step sign-in off: the password alone signs in again. */
export const turnOffTwoStep = (currentPassword: string) =>
  api.post<void>('/api/Users/me/two-step/off', { currentPassword });

export const TWO_STEP_EXPLAINED = 'After your password, PoloDesk also asks for a code from an authenticator app on your phone.';
export const TWO_STEP_TURNED_ON = 'Two-step sign-in is on.';
export const TWO_STEP_TURNED_OFF = 'Two-step sign-in is off.';
/** The server requires two-step sign-in of the account (`serve --require-two-step`). */
export const TWO_STEP_KEPT = 'Your account must use two-step sign-in, so it stays on.';
export const TWO_STEP_DUE_TITLE = 'Turn on two-step sign-in';
export const TWO_STEP_DUE =
  'Your account must use two-step sign-in. Until it is on, PoloDesk opens only this page: turn it on below with an authenticator app on your phone.';
export const RECOVERY_CODES_NOTE =
  'Each code signs you in once without your phone. Keep them somewhere safe: they are not shown again.';
export const RECOVERY_CODES_FILE = 'polodesk-recovery-codes.txt';
/** With this many recovery codes left or fewer, the card warns. */
export const FEW_RECOVERY_CODES = 3;

const recoveryCodes = (count: number) => `${count} recovery ${count === 1 ? 'code' : 'codes'}`;
export const recoveryCodesLeft = (count: number) => `${recoveryCodes(count)} left.`;
export const fewRecoveryCodesLeft = (count: number) => `Only ${recoveryCodes(count)} left: make new ones.`;

/** An authenticator key in blocks of 4 characters, for typing it by hand. */
export const keyInBlocks = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? '';
