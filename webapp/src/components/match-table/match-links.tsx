import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Schemas } from '@/api/types';
import { ownsMatch } from '@/lib/ownership';
import { can, profileRoles } from '@/lib/permissions';
import { type Profile, session } from '@/state/session';

type MatchRef = Pick<Schemas['Match'], 'id' | 'federationId'>;

/**
 * Who sees a match's Log link (spec 02 §2 Matches list): `read`, whoever may read the match;
 * `allowed`, on an official's page, admins and federation or official users whose allowed
 * matches hold it.
 */
export type LogLinkRule = 'read' | 'allowed';

/** Whether the user with `profile` sees the Log link of `match` under `rule`. */
export function mayOpenLog(profile: Profile | null | undefined, match: MatchRef, rule: LogLinkRule): boolean {
  const roles = profileRoles(profile);
  if (!can(roles, 'Matches', 'Read')) return false;
  if (rule === 'read' || roles.includes('Admin')) return true;
  return roles.some((role) => role === 'Federation' || role === 'Official') && ownsMatch(profile, match);
}

export function useMayOpenLog(match: MatchRef, rule: LogLinkRule = 'read'): boolean {
  const { profile } = useSnapshot(session);
  return mayOpenLog(profile as Profile | null, match, rule);
}

/** The match log of a match, where it is logged live. */
export const matchLogPath = (matchId: number) => `/match-log/${matchId}`;

/** A match row's links: its details, its log (as `logRule` allows) and its report. */
export function MatchLinks({ match, logRule = 'read' }: { match: MatchRef; logRule?: LogLinkRule }) {
  const showLog = useMayOpenLog(match, logRule);
  return (
    <div className="pd-row-actions">
      <Link to={`/matches/${match.id}`}>Details</Link>
      {showLog && <Link to={matchLogPath(match.id)}>Log</Link>}
      <Link to={`/match-report/${match.id}`}>Report</Link>
    </div>
  );
}
