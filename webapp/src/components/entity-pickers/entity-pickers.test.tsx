import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NO_OPTIONS_TEXT } from '@/components/picker/picker';
import { CategorySuggest } from './entity-pickers';

describe('CategorySuggest', () => {
  it('says the categories are loading until they arrive, and that there are none only when there are none', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<CategorySuggest id="category" categories={null} selectedId={null} onChange={vi.fn()} />);
    await user.click(screen.getByRole('combobox'));
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText(NO_OPTIONS_TEXT)).toBeNull();

    rerender(<CategorySuggest id="category" categories={[]} selectedId={null} onChange={vi.fn()} />);
    expect(await screen.findByText(NO_OPTIONS_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
