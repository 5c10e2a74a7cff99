import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/**
 * Props that make an anchor (an AnchorButton, a MenuItem) a link inside the app: a real href, so
 * it opens in a new tab too, and a click that moves the router without reloading the page.
 */
export function useRouteLink(): (to: string) => { href: string; onClick: (event: MouseEvent) => void } {
  const navigate = useNavigate();
  return (to) => ({
    href: to,
    onClick: (event) => {
      event.preventDefault();
      void navigate(to);
    },
  });
}
