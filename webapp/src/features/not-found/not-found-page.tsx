import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <NonIdealState
      icon="path-search"
      title="Ooops... Error 404"
      description="We are sorry, but the page you are looking for does not exist."
      action={<Link to="/">Back to homepage</Link>}
    />
  );
}
