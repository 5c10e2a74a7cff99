import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toaster';
import { type Profile, refreshToken, session } from '@/state/session';
import { LOCKED_NOTES } from '@/lib/ownership';
import { profileWith, signOutSession } from '@/test/session';
import { federationOf } from '@/test/fixtures/reference';
import { ClubForm } from '@/features/clubs/club-form';
import { failure, fakeApi, page } from '@/test/fake-api';
import { partizan, serveClubs, vss } from '@/test/fixtures/clubs';
import { beograd } from '@/test/fixtures/reference';
import { withCountries } from '@/test/countries';
import { choose, fieldGroup, input, saveButton, typeInPicker } from '@/test/dom';
import { expectMessages, pasteLong } from '@/test/form-messages';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));
vi.mock('@/state/session', async (original) => ({
  ...(await original<typeof import('@/state/session')>()),
  refreshToken: vi.fn(async () => true),
}));


withCountries();

describe('ClubForm', { timeout: 30_000 }, () => {
  it('shows the rules of spec 01 §5 at their fields and sends nothing while they fail', async () => {
    const server = serveClubs(fakeApi(), { clubs: [] });
    const user = userEvent.setup();
    render(<ClubForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(saveButton()).toBeDisabled();
    await user.type(input('club-phone'), '011-123');
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    expectMessages({
      'club-name': 'Name field is required!',
      'club-nameUniversal': 'Universal name field is required!',
      'club-phone': 'Only numbers and plus sign are allowed!',
    });

    await user.type(input('club-email'), 'vk@partizan');
    expect(within(fieldGroup('club-email')).getByText('Wrong e-mail format!')).toBeInTheDocument();
    await pasteLong(user, 'club-venue', 201);
    expect(within(fieldGroup('club-venue')).getByText('Too long input!')).toBeInTheDocument();
    await pasteLong(user, 'club-instagram', 101);
    expect(within(fieldGroup('club-instagram')).getByText('Too long input!')).toBeInTheDocument();
    await pasteLong(user, 'club-web', 100);
    expect(within(fieldGroup('club-web')).queryByText('Too long input!')).toBeNull();
    await user.click(saveButton());
    expect(server.writes).toHaveLength(0);
  });

  it('clears the city and loads the new list when the country changes', async () => {
    const server = serveClubs(fakeApi(), { clubs: [] });
    const user = userEvent.setup();
    render(<ClubForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(input('club-city')).toBeDisabled();
    await choose(user, 'club-country', 'serb', 'Srbija');
    await choose(user, 'club-city', '', 'Novi Sad');
    expect(input('club-city')).toHaveValue('Novi Sad');
    await choose(user, 'club-country', 'hrv', 'Hrvatska');
    expect(input('club-city')).toHaveValue('');
    await user.click(input('club-city'));
    expect(await screen.findByRole('option', { name: /Split/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Novi Sad/ })).toBeNull();
    expect(server.reads).toEqual(expect.arrayContaining(['/api/Cities?countryId=1', '/api/Cities?countryId=2']));
  });

  it('posts every field with the chosen categories, says so and renews the token', async () => {
    const server = serveClubs(fakeApi(), { clubs: [] });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<ClubForm onSaved={onSaved} onCancel={vi.fn()} />);
    await user.type(input('club-name'), 'VK Beograd ');
    await user.type(input('club-nameUniversal'), 'Belgrade WPC');
    await user.type(input('club-shortName'), 'BEO');
    await user.type(input('club-phone'), '+381 (11) 123');
    await user.type(input('club-email'), 'office@vkbeograd.rs');
    await choose(user, 'club-country', 'serb', 'Srbija');
    await choose(user, 'club-city', '', 'Beograd');
    await choose(user, 'club-federation', '', vss.name);
    await choose(user, 'club-categories', '', 'Seniori');
    await choose(user, 'club-categories', '', 'Kadeti U17');
    await user.type(input('club-active-from'), '02.01.2020.');
    await user.click(screen.getByRole('checkbox', { name: 'Professional' }));
    await user.click(saveButton());

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.writes).toHaveLength(1);
    expect(server.writes[0]).toMatchObject({ method: 'POST', url: '/api/Clubs' });
    expect(server.writes[0]!.body).toEqual({
      name: 'VK Beograd',
      nameUniversal: 'Belgrade WPC',
      shortName: 'BEO',
      description: null,
      president: null,
      venue: null,
      address: null,
      phone: '+381 (11) 123',
      web: null,
      email: 'office@vkbeograd.rs',
      facebook: null,
      twitter: null,
      youtube: null,
      instagram: null,
      countryId: 1,
      cityId: 10,
      federationId: vss.id,
      teamCategories: [5, 6],
      activeFrom: '2020-01-02',
      activeTo: null,
      isPro: true,
      isNational: false,
      logo: null,
    });
    expect(showSuccess).toHaveBeenCalledWith('Club successfully saved.');
    expect(refreshToken).toHaveBeenCalled();
  });

  it('edits an existing club without categories, keeping what the form does not show', async () => {
    const club = partizan({ isNational: true, logo: 'b2xk' });
    const server = serveClubs(fakeApi(), { clubs: [club] });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<ClubForm club={club} onSaved={onSaved} onCancel={vi.fn()} />);
    expect(input('club-name')).toHaveValue('VK Partizan');
    expect(input('club-federation')).toHaveValue(vss.name);
    expect(input('club-active-from')).toHaveValue('04.10.1946.');
    expect(document.getElementById('club-categories')).toBeNull();
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', 'data:image/png;base64,b2xk');
    await waitFor(() => expect(input('club-city')).toHaveValue('Beograd'));
    expect(saveButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    await user.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.writes[0]).toMatchObject({ method: 'PUT', url: '/api/Clubs/1' });
    const body = server.writes[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ logo: null, isNational: true, federationId: vss.id, cityId: beograd.id });
    expect(body).not.toHaveProperty('teamCategories');
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it('locks a supplied federation and names it', async () => {
    const server = serveClubs(fakeApi(), { clubs: [] });
    const user = userEvent.setup();
    render(<ClubForm fixedFederationId={vss.id} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(input('club-federation')).toHaveValue(vss.name));
    expect(input('club-federation')).toBeDisabled();
    await user.type(input('club-name'), 'VK Dunav');
    await user.type(input('club-nameUniversal'), 'Dunav');
    await user.click(saveButton());
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]!.body).toMatchObject({ federationId: vss.id });
  });

  it("puts the server's field errors at the fields and toasts its message", async () => {
    serveClubs(fakeApi(), { clubs: [] }).on('POST', '/api/Clubs', () =>
      failure(400, 'Image resolution is too big. Max resolution is 256x256.', {
        logo: ['Image resolution is too big. Max resolution is 256x256.'],
        name: ['Too long input!'],
      }),
    );
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<ClubForm onSaved={onSaved} onCancel={vi.fn()} />);
    await user.type(input('club-name'), 'VK');
    await user.type(input('club-nameUniversal'), 'VK');
    await user.click(saveButton());
    expect(await within(fieldGroup('club-name')).findByText('Too long input!')).toBeInTheDocument();
    expect(within(fieldGroup('club-logo')).getByText('Image resolution is too big. Max resolution is 256x256.')).toBeInTheDocument();
    expect(showError).toHaveBeenCalledWith('Image resolution is too big. Max resolution is 256x256.');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says Error saving data. when the failure carries no text', async () => {
    serveClubs(fakeApi(), { clubs: [] }).on('POST', '/api/Clubs', () => Promise.reject(new TypeError('offline')));
    const user = userEvent.setup();
    render(<ClubForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.type(input('club-name'), 'VK');
    await user.type(input('club-nameUniversal'), 'VK');
    await user.click(saveButton());
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error saving data.'));
  });
});


describe('ClubForm’s Federation picker', { timeout: 30_000 }, () => {
  const vsv = federationOf(4, 'Vaterpolo savez Vojvodine');
  const signInWith = (access: Partial<Profile['access']>) => {
    const profile = profileWith([]);
    session.profile = { ...profile, access: { ...profile.access, ...access } };
  };
  afterEach(() => signOutSession());

  it('offers federation staff their own federations, and a new club starts in their one federation', async () => {
    signInWith({ federations: [vss.id] });
    serveClubs(fakeApi(), { clubs: [] }).on('GET', '/api/Federations/search', page([vss, vsv]));
    const user = userEvent.setup();
    render(<ClubForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(input('club-federation')).toHaveValue(vss.name));
    expect(input('club-federation')).toBeEnabled();
    await typeInPicker(user, 'club-federation', '');
    expect(await screen.findByRole('option', { name: new RegExp(vss.name) })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: new RegExp(vsv.name) })).toBeNull();
  });

  it('offers an admin every federation and chooses none for a new club', async () => {
    signInWith({ admin: true });
    serveClubs(fakeApi(), { clubs: [] }).on('GET', '/api/Federations/search', page([vss, vsv]));
    const user = userEvent.setup();
    render(<ClubForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(input('club-federation')).toHaveValue('');
    await typeInPicker(user, 'club-federation', '');
    expect(await screen.findByRole('option', { name: new RegExp(vsv.name) })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: new RegExp(vss.name) })).toBeInTheDocument();
  });

  it('locks a club account’s own club in its federation and says why', () => {
    signInWith({ clubs: [1] });
    serveClubs(fakeApi(), { clubs: [partizan()] });
    render(<ClubForm club={partizan()} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(input('club-federation')).toHaveValue(vss.name);
    expect(input('club-federation')).toBeDisabled();
    expect(within(fieldGroup('club-federation')).getByText(LOCKED_NOTES.clubFederation)).toBeInTheDocument();
  });
});
