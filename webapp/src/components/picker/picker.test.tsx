import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Picker } from './picker';

interface Category {
  id: number;
  name: string;
}

const CATEGORIES: Category[] = [
  { id: 1, name: 'Kadeti U17' },
  { id: 2, name: 'Kadetkinje U17' },
];

describe('Picker', () => {
  it('keeps the focus in the input while an option is pressed, and chooses it on release', async () => {
    const onSelect = vi.fn();
    render(
      <Picker<Category>
        id="category"
        items={CATEGORIES}
        view={(category) => ({ key: category.id, text: category.name })}
        selected={null}
        onSelect={onSelect}
      />,
    );
    const input = screen.getByRole('combobox');
    await userEvent.click(input);
    const option = within(await screen.findByRole('option', { name: 'Kadeti U17' })).getByText('Kadeti U17');
    // A cancelled press moves no focus, so the menu does not scroll under the pointer.
    expect(fireEvent.mouseDown(option)).toBe(false);
    expect(document.activeElement).toBe(input);
    fireEvent.click(option);
    expect(onSelect).toHaveBeenCalledWith(CATEGORIES[0], expect.anything());
  });
});
