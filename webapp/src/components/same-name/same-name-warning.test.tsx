import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from '@/test/dom';
import { describe, expect, it, vi } from 'vitest';
import { foldName, SameNameWarning } from '@/components/same-name/same-name-warning';
import type { EntityRef } from '@/lib/entity-refs';

const naissus = (id: number, name = 'VK Naissus'): EntityRef => ({ id, name, nameUniversal: name });

function renderWarning(names: string[], list: () => Promise<EntityRef[]>, ignoreId?: number) {
  const router = createMemoryRouter([
    { path: '/', element: <SameNameWarning what="club" path="/clubs" names={names} list={list} ignoreId={ignoreId} /> },
  ]);
  render(<RouterProvider router={router} />);
}

describe('the same-name warning', () => {
  it('folds case, accents and spaces', () => {
    expect(foldName('  VK  Šabac ')).toBe('vk sabac');
  });

  it('names every record with the same name, with a link to each, and ignores near names', async () => {
    const list = vi.fn(async () => [naissus(3), { ...naissus(4, 'Naissus Niš'), nameUniversal: 'vk naissus' }, naissus(5, 'VK Naissus 2')]);
    renderWarning(['VK Naissus', ''], list);
    const warning = await screen.findByRole('status');
    expect(warning).toHaveTextContent('2 clubs with this name already exist: VK Naissus, Naissus Niš. Save anyway only if this is another one.');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/clubs/3', '/clubs/4']);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('does not count the record being edited, nor names too short to mean anything', async () => {
    const list = vi.fn(async () => [naissus(3)]);
    renderWarning(['VK Naissus'], list, 3);
    await waitFor(() => expect(list).toHaveBeenCalled());
    expect(screen.queryByRole('status')).toBeNull();
    const short = vi.fn(async () => [naissus(3, 'VK')]);
    renderWarning(['VK'], short);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(short).not.toHaveBeenCalled();
  });
});
