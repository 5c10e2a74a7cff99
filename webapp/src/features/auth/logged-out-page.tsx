import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router';
import { LOGGED_OUT } from '@/lib/auth-messages';
import { LOGIN_PATH } from '@/lib/return-url';

/** /authentication/logged-out. */
export default function LoggedOutPage() {
  return <NonIdealState icon="log-out" title={LOGGED_OUT} action={<Link to={LOGIN_PATH}>Log in</Link>} />;
}
