import { NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Loading } from '@/components/loading/loading';
import { completeSignOut } from '@/state/session';

/** /authentication/logout-callback: the identity server returns here after signing out. */
export default function LogoutCallbackPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void completeSignOut(window.location.href).then((result) => {
      if (!current) return;
      if (result.status === 'success') navigate(result.returnUrl, { replace: true });
      else if (result.status === 'fail') setFailure(result.message);
    });
    return () => {
      current = false;
    };
  }, [navigate]);

  if (failure !== null) return <NonIdealState icon="error" title="Logout" description={failure} />;
  return <Loading />;
}
