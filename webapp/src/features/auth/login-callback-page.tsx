import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '@/components/loading/loading';
import { loginFailedPath } from '@/lib/return-url';
import { completeSignIn } from '@/state/session';

/** /authentication/login-callback: the identity server returns here; go on to the return URL. */
export default function LoginCallbackPage() {
  const navigate = useNavigate();

  useEffect(() => {
    let current = true;
    void completeSignIn(window.location.href).then((result) => {
      if (!current) return;
      if (result.status === 'success') navigate(result.returnUrl, { replace: true });
      else if (result.status === 'fail') navigate(loginFailedPath(result.message), { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate]);

  return <Loading />;
}
