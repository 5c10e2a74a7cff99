// What the page and form tests do with the DOM: render the app at a path, find a form's fields,
// its Save button and the group where a field's error shows, and pick from a suggest list.
import { Classes } from '@blueprintjs/core';
import { render, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider as BareRouterProvider } from 'react-router';
import { routes } from '@/app/router';

export type User = ReturnType<typeof userEvent.setup>;

/**
 * The app's router provider: React Router's, given React DOM's `flushSync` as `react-router/dom`
 * gives it in the app (that entry loads a second copy of the router under the test runner).
 */
export const RouterProvider = (props: ComponentProps<typeof BareRouterProvider>) => (
  <BareRouterProvider
    flushSync={(render) => {
      flushSync(render);
    }}
    {...props}
  />
);

/** Renders the whole app at `path`; the router tells where it went. */
export function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

export const input = (id: string) => document.getElementById(id) as HTMLInputElement;

export const saveButton = () => screen.getByRole('button', { name: /^(Save|Saving)$/ });

/** The form group around an input, where its error message shows. */
export function fieldGroup(inputId: string): HTMLElement {
  const group = document.getElementById(inputId)?.closest<HTMLElement>(`.${Classes.FORM_GROUP}`);
  if (!group) throw new Error(`no form group for #${inputId}`);
  return group;
}

/** Focuses the suggest at `id`, lets its popover open (which resets the query), then types. */
export async function typeInPicker(user: User, id: string, text: string) {
  await user.click(input(id));
  await new Promise((done) => setTimeout(done, 50));
  if (text !== '') await user.keyboard(text);
}

/** Opens the suggest list at `id`, types `typed` and clicks `option`. */
export async function choose(user: User, id: string, typed: string, option: string) {
  await typeInPicker(user, id, typed);
  const item = await screen.findByRole('option', { name: new RegExp(option) });
  // The menu item's click handler sits on its text, inside the option.
  await user.click(within(item).getByText(option));
}
