import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_TOO_BIG, toBase64 } from '@/components/logo-upload/png';
import { PersonForm } from '@/components/profile-picker/person-form';
import type { Person } from '@/components/profile-picker/person-validation';
import { lookups } from '@/state/lookups';
import { type FakeApi, fakeApi } from '@/test/fake-api';
import { pngBytes, pngFile } from '@/test/png';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const ana: Person = {
  id: 4,
  name: 'Ana',
  surname: 'Jovanović',
  birthDate: '1994-05-17',
  coachId: null,
  playerId: null,
  officialId: null,
};

let api: FakeApi;

beforeEach(() => {
  lookups.countries = [];
  lookups.countriesStatus = 'loaded';
  api = fakeApi().on('PUT', '/api/Persons/{id}', ({ body }) => ({ ...ana, ...(body as object) }) as never);
});

describe('PersonForm photo', () => {
  it('refuses a photo over 2048x2048 and sends a smaller PNG with the person', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    render(<PersonForm person={ana} onSaved={onSaved} onCancel={() => undefined} />);
    const input = screen.getByLabelText('Photo');
    await user.upload(input, pngFile(2049, 10, 'big.png'));
    expect(await screen.findByText(PHOTO_TOO_BIG)).toBeInTheDocument();

    await user.upload(input, pngFile(2048, 1500, 'ana.png'));
    expect(await screen.findByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.writes[0]!.body).toMatchObject({ name: 'Ana', photo: toBase64(pngBytes(2048, 1500)) });
  });
});
