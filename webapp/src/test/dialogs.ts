// The confirmation dialogs of the page tests.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { User } from '@/test/dom';

/** Answers the confirmation that opens: it must ask `question`, then Delete is pressed. */
export async function confirmDeletion(user: User, question: string | RegExp) {
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByText(question)).toBeInTheDocument();
  await user.click(within(alert).getByRole('button', { name: 'Delete' }));
}
