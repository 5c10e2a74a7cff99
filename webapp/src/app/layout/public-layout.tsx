import { Classes } from '@blueprintjs/core';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Loading } from '@/components/loading/loading';

/**
 * The pages anybody may open without signing in (/live and the pages of a match or competition
 * there): the PoloDesk brand and nothing of the staff's menus.
 */
export function PublicLayout() {
  return (
    <div className="pd-public">
      <header className="pd-public-header">
        <Link to="/live" className="pd-public-brand">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span>PoloDesk</span>
          <span className={Classes.TEXT_MUTED}>Live</span>
        </Link>
      </header>
      <main className="pd-public-content">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className={`${Classes.TEXT_MUTED} pd-footer`}>PoloDesk © {new Date().getFullYear()}</footer>
    </div>
  );
}

/** Pages with nothing around them: the scoreboard for a pool's screen and the embedded score. */
export function BareLayout() {
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
}
