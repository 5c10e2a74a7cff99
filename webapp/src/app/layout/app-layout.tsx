import { Classes } from '@blueprintjs/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { DevHeader } from '@/app/layout/dev-header';
import { Sidebar } from '@/app/layout/sidebar';
import { Loading } from '@/components/loading/loading';

interface AppLayoutProps {
  /** The match log and match report pages use the whole window. */
  withSidebar?: boolean;
}

export function AppLayout({ withSidebar = true }: AppLayoutProps) {
  return (
    <div className="pd-app">
      {withSidebar && <Sidebar />}
      <div className="pd-main">
        {import.meta.env.DEV && <DevHeader />}
        <main className="pd-content">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className={`${Classes.TEXT_MUTED} pd-footer`}>
          PoloDesk © {new Date().getFullYear()}
        </footer>
      </div>
    </div>
  );
}
