// Checks of the messages a drawer form shows under its fields.
import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { fieldGroup, input, type User } from '@/test/dom';

/** Expects each field (by its input's id) to show its message. */
export function expectMessages(messages: Readonly<Record<string, string>>): void {
  for (const [id, text] of Object.entries(messages)) expect(within(fieldGroup(id)).getByText(text)).toBeInTheDocument();
}

/** Pastes a text of `length` characters into the field `id`, e.g. one over its limit. */
export async function pasteLong(user: User, id: string, length: number): Promise<void> {
  await user.click(input(id));
  await user.paste('x'.repeat(length));
}
