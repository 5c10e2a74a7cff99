import { NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Loading } from '@/components/loading/loading';
import { INVALID_RETURN_URL, LOGOUT_NOT_LOCAL } from '@/lib/auth-messages';
import { isLocalLogout, LOGGED_OUT_PATH, resolveReturnUrl } from '@/lib/return-url';
import { signOut } from '@/state/session';

/**
 * /authentication/logout: signs out at the identity server, but only when the in-app Logout
 * link led here; a link from elsewhere must not sign anybody out.
 */
export default function LogoutPage() {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const local = isLocalLogout(state);
  const target = resolveReturnUrl(params.get('returnUrl'), window.location.origin, LOGGED_OUT_PATH);
  const returnUrl = target.ok ? target.path : null;
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!local || returnUrl === null) return;
    let current = true;
    void signOut(returnUrl).then((result) => {
      if (!current) return;
      if (result.status === 'success') navigate(result.returnUrl, { replace: true });
      else if (result.status === 'fail') setFailure(result.message);
    });
    return () => {
      current = false;
    };
  }, [local, returnUrl, navigate]);

  if (returnUrl === null) return <NonIdealState icon="error" title="Logout" description={INVALID_RETURN_URL} />;
  if (!local) return <NonIdealState icon="warning-sign" title="Logout" description={LOGOUT_NOT_LOCAL} />;
  if (failure !== null) return <NonIdealState icon="error" title="Logout" description={failure} />;
  return <Loading />;
}
