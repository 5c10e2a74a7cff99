import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import '@/app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from '@/app/router';
import { registerServiceWorker } from '@/app/service-worker';
import { initSession } from '@/state/session';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// Restores a stored session; guarded pages wait for it.
void initSession();
registerServiceWorker();

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
);
