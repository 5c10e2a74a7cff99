import type { Schemas } from '@/api/types';

export type AccountActivity = Schemas['AccountActivityView'];

/** What an activity entry says happened, in a line. */
export function activityText(entry: AccountActivity): string {
  switch (entry.kind) {
    case 'signedIn':
      return `Signed in: ${entry.app ?? 'an app'} on ${entry.device ?? 'an unknown device'}`;
    case 'wrongPasswords':
      return (entry.count ?? 1) > 1 ? `${entry.count} wrong passwords in a row` : 'A wrong password';
    case 'wrongSecondStep':
      return 'The right password, then a wrong code';
    case 'passwordChanged':
      return entry.by === 'administrator'
        ? 'Password set by an administrator'
        : entry.by === 'link'
          ? 'Password chosen with a set-password link'
          : 'Password changed';
    case 'twoStepOn':
      return 'Two-step sign-in turned on';
    case 'twoStepOff':
      return entry.by === 'administrator'
        ? 'Two-step sign-in turned off by an administrator'
        : 'Two-step sign-in turned off';
    case 'recoveryCodesRenewed':
      return 'New recovery codes';
    case 'recoveryCodeUsed':
      return 'A recovery code used to sign in';
    case 'apiTokenIssued':
      return 'API token issued';
    case 'apiTokenRevoked':
      return 'API token revoked';
    case 'signedOutEverywhere':
      return entry.by === 'administrator' ? 'Signed out everywhere by an administrator' : 'Signed out everywhere';
  }
}

/** Entries that may be someone else at the door: a wrong guess, or a change not made by the user. */
export const activityWarns = (entry: AccountActivity) =>
  entry.kind === 'wrongPasswords' || entry.kind === 'wrongSecondStep' || entry.by === 'administrator';
