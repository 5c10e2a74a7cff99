import { Navigate, Outlet, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { guardDecision } from '@/app/route-access';
import { Loading } from '@/components/loading/loading';
import { profileRoles } from '@/lib/permissions';
import { session } from '@/state/session';

/** The guard around the module routes: renders them only for a user allowed to see them. */
export function RequireAccess() {
  const { status, profile } = useSnapshot(session);
  const { pathname, search } = useLocation();
  const decision = guardDecision(pathname, search, status, profileRoles(profile), profile?.twoStepDue ?? false);
  if (decision.kind === 'wait') return <Loading />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
