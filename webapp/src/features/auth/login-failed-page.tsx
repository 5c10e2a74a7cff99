import { NonIdealState } from '@blueprintjs/core';
import { Link, useSearchParams } from 'react-router';
import { SIGN_IN_ERROR } from '@/lib/auth-messages';
import { LOGIN_PATH } from '@/lib/return-url';

/** /authentication/login-failed?message=...: why sign-in did not work. */
export default function LoginFailedPage() {
  const [params] = useSearchParams();
  const message = params.get('message') || SIGN_IN_ERROR;
  return (
    <NonIdealState
      icon="error"
      title="Login failed"
      description={message}
      action={<Link to={LOGIN_PATH}>Try again</Link>}
    />
  );
}
