import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NARROW_WINDOW, resetSidebarChoice, sidebarChoice } from '@/app/layout/sidebar-collapse';
import { Sidebar } from '@/app/layout/sidebar';
import { useMediaQuery } from '@/app/layout/use-media-query';
import { session } from '@/state/session';
import { ui } from '@/state/ui';
import { signInAs } from '@/test/session';

/** A window whose width the test sets; `matchMedia` answers NARROW_WINDOW by it. */
function fakeWindow(width: number) {
  const listeners = new Set<() => void>();
  const state = { width };
  const matches = (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return max ? state.width <= Number(max[1]) : false;
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return matches(query);
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return {
    resize(next: number) {
      state.width = next;
      act(() => listeners.forEach((listener) => listener()));
    },
    listeners,
  };
}

function renderSidebar() {
  const router = createMemoryRouter([{ path: '/', element: <Sidebar /> }], { initialEntries: ['/'] });
  return render(<RouterProvider router={router} />);
}

const expandButton = () => screen.queryByRole('button', { name: 'Expand menu' });
const collapseButton = () => screen.queryByRole('button', { name: 'Collapse menu' });

beforeEach(() => {
  resetSidebarChoice();
  ui.sidebarCollapsed = false;
  signInAs(['Admin']);
});

afterEach(() => {
  resetSidebarChoice();
  ui.sidebarCollapsed = false;
  session.status = 'loading';
});

describe('the sidebar in a narrow window', () => {
  it('starts collapsed at 768 px and open at 1366 px', () => {
    fakeWindow(768);
    const { unmount } = renderSidebar();
    expect(expandButton()).toBeInTheDocument();
    expect(screen.queryByText('PoloDesk')).not.toBeInTheDocument();
    unmount();

    fakeWindow(1366);
    renderSidebar();
    expect(collapseButton()).toBeInTheDocument();
    expect(screen.getByText('PoloDesk')).toBeInTheDocument();
  });

  it('collapses at 1024 px, not at 1025 px', () => {
    const win = fakeWindow(1025);
    renderSidebar();
    expect(collapseButton()).toBeInTheDocument();
    win.resize(1024);
    expect(expandButton()).toBeInTheDocument();
  });

  it('follows the window as it narrows and widens again', () => {
    const win = fakeWindow(1366);
    renderSidebar();
    expect(collapseButton()).toBeInTheDocument();
    win.resize(800);
    expect(expandButton()).toBeInTheDocument();
    win.resize(1280);
    expect(collapseButton()).toBeInTheDocument();
  });

  it('ignores a collapse stored by an earlier session until the user toggles', () => {
    ui.sidebarCollapsed = true;
    fakeWindow(1366);
    renderSidebar();
    expect(collapseButton()).toBeInTheDocument();
  });

  it("keeps the user's own choice when the window changes afterwards", async () => {
    const win = fakeWindow(768);
    renderSidebar();
    await userEvent.setup().click(expandButton()!);
    expect(collapseButton()).toBeInTheDocument();
    expect(sidebarChoice.toggled).toBe(true);
    expect(sessionStorage.getItem('polodesk.sidebarToggled')).toBe('true');

    win.resize(1366);
    expect(collapseButton()).toBeInTheDocument();
    win.resize(700);
    expect(collapseButton()).toBeInTheDocument();

    await userEvent.setup().click(collapseButton()!);
    expect(expandButton()).toBeInTheDocument();
    win.resize(1366);
    expect(expandButton()).toBeInTheDocument();
  });

  it('stops listening when it goes away', () => {
    const win = fakeWindow(1366);
    const { unmount } = renderSidebar();
    expect(win.listeners.size).toBeGreaterThan(0);
    unmount();
    expect(win.listeners.size).toBe(0);
  });
});

describe('useMediaQuery', () => {
  function Probe({ query }: { query: string }) {
    return <p>{useMediaQuery(query) ? 'matches' : 'does not match'}</p>;
  }

  it('answers the query and follows changes', () => {
    const win = fakeWindow(1366);
    render(<Probe query={NARROW_WINDOW} />);
    expect(screen.getByText('does not match')).toBeInTheDocument();
    win.resize(1000);
    expect(screen.getByText('matches')).toBeInTheDocument();
  });

  it('does not match where the browser has no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    render(<Probe query={NARROW_WINDOW} />);
    expect(screen.getByText('does not match')).toBeInTheDocument();
  });
});
