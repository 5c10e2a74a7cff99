import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import type { AccountActivity } from '@/components/activity-card/activity-text';
import { deleteWithToast } from '@/lib/delete-with-toast';

export type User = Schemas['User'];
export type UserInput = Schemas['UserInput'];
export type CreatedUser = Schemas['CreatedUser'];
export type SetPasswordLink = Schemas['SetPasswordLinkView'];
export type PersonSummary = Schemas['PersonSummary'];
/** 0 Admin, 1 Federation, 2 Club, 3 Person. */
export type UserTypeId = Schemas['UserType'];

export const listUsers = () => api.get<User[]>('/api/Users');
export const getUser = (id: number) => api.get<User>(`/api/Users/${id}`);
export const createUser = (input: UserInput) => api.post<CreatedUser>('/api/Users', input);
export const updateUser = (id: number, input: UserInput) => api.put<User>(`/api/Users/${id}`, input);

/** User types (spec 01 §3): Admin 0, Federation 1, Club 2, Person 3. */
export const USER_TYPE_NAMES: Readonly<Record<UserTypeId, string>> = {
  0: 'Admin',
  1: 'Federation',
  2: 'Club',
  3: 'Person',
};

/** The types the user form offers; Admin is not among them. */
export const FORM_USER_TYPES: readonly UserTypeId[] = [1, 2, 3];

export const DELETE_USER_QUESTION = 'Are you sure you want to delete this user?';

/** Deletes a user and reports the outcome in a toast; resolves to whether it was deleted. */
export const deleteUserWithToast = (id: number) => deleteWithToast(`/api/Users/${id}`, 'User successfully deleted.');

/** Ends every sign-in of a user (a lost device, a departed secretary); the API token stays. */
export const endUserSignIns = (userId: number) => api.delete(`/api/Users/${userId}/sessions`);

export const END_SIGN_INS_QUESTION =
  'End every sign-in of this user? They must sign in again on every device; their API token keeps working.';
export const USER_SIGN_INS_ENDED = 'Every sign-in of this user has ended.';

/** What happened to a user's sign-in, as they see it on their Account page (the latest 50). */
export const listUserActivity = (userId: number) => api.get<AccountActivity[]>(`/api/Users/${userId}/activity`);

export const USER_ACTIVITY_NOTE =
  'Sign-ins, wrong passwords and changes to how this user signs in, the latest first, as they see them on their Account page.';

/** A new set-password link for a user who forgot their password; their earlier links stop working. */
export const issueSetPasswordLink = (userId: number) =>
  api.post<SetPasswordLink>(`/api/Users/${userId}/set-password-link`, undefined);

export const SET_PASSWORD_LINK_NOTE =
  'Give this link to the user. It works once and expires in 7 days. Their earlier links stop working; their password works until they choose a new one.';

/** Turns off a user's two-step sign-in, for one who lost both the phone and the recovery codes. */
export const resetTwoStep = (userId: number) => api.delete(`/api/Users/${userId}/two-step`);

export const RESET_TWO_STEP_QUESTION =
  'They will sign in with their password alone until they turn it on again. Do this only once you are sure who is asking: for a user who lost both their phone and their recovery codes.';
export const TWO_STEP_RESET = 'Two-step sign-in is off for this user.';
