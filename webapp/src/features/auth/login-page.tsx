import { NonIdealState } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Loading } from '@/components/loading/loading';
import { INVALID_RETURN_URL } from '@/lib/auth-messages';
import { loginFailedPath, resolveReturnUrl } from '@/lib/return-url';
import { signIn } from '@/state/session';

/** /authentication/login?returnUrl=...: signs in (silently if it can) and goes back to the return URL. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = resolveReturnUrl(params.get('returnUrl'), window.location.origin);
  const returnUrl = target.ok ? target.path : null;

  useEffect(() => {
    if (returnUrl === null) return;
    let current = true;
    void signIn(returnUrl).then((result) => {
      if (!current) return;
      if (result.status === 'success') navigate(result.returnUrl, { replace: true });
      else if (result.status === 'fail') navigate(loginFailedPath(result.message), { replace: true });
      // 'redirect': the browser is on its way to the sign-in page.
    });
    return () => {
      current = false;
    };
  }, [returnUrl, navigate]);

  if (returnUrl === null) return <NonIdealState icon="error" title="Login" description={INVALID_RETURN_URL} />;
  return <Loading />;
}
