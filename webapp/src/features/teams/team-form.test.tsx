import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toaster';
import { failure, fakeApi } from '@/test/fake-api';
import { partizan, serveClubs, teamOf, zvezda } from '@/test/fixtures/clubs';
import { withCountries } from '@/test/countries';
import { TeamForm } from '@/features/teams/team-form';
import { choose, fieldGroup, input, saveButton, typeInPicker } from '@/test/dom';
import { LOCKED_NOTES } from '@/lib/ownership';
import { type Profile, session } from '@/state/session';
import { profileWith, signOutSession } from '@/test/session';
import { expectMessages, pasteLong } from '@/test/form-messages';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

withCountries();

describe('TeamForm', { timeout: 30_000 }, () => {
  it('requires name, universal name, club and category with the messages of spec 01 §5', async () => {
    const server = serveClubs(fakeApi(), { clubs: [partizan()] });
    const user = userEvent.setup();
    render(<TeamForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(saveButton()).toBeDisabled();
    await user.type(input('team-facebook'), 'f');
    await user.click(saveButton());
    expectMessages({
      'team-name': 'Name field is required!',
      'team-nameUniversal': 'Universal name field is required!',
      'team-club': 'Club field is required!',
      'team-category': 'Category field is required!',
    });
    await pasteLong(user, 'team-facebook', 100);
    expect(within(fieldGroup('team-facebook')).getByText('Too long input!')).toBeInTheDocument();
    await user.type(input('team-active-from'), '01.09.2024.');
    await user.type(input('team-active-to'), '01.08.2024.');
    expect(within(fieldGroup('team-active-to')).getByText('Active to must not be before active from.')).toBeInTheDocument();
    expect(server.writes).toHaveLength(0);
  });

  it('posts the team with the club found on the server and the category, and says so', async () => {
    const server = serveClubs(fakeApi(), { clubs: [partizan(), zvezda()] });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<TeamForm onSaved={onSaved} onCancel={vi.fn()} />);
    await user.type(input('team-name'), 'VK Partizan U17');
    await user.type(input('team-nameUniversal'), 'Partizan U17');
    await choose(user, 'team-club', 'zvez', 'VK Crvena zvezda');
    await choose(user, 'team-category', '', 'Kadeti U17');
    await user.selectOptions(input('team-gender'), 'Mixed');
    await choose(user, 'team-country', 'serb', 'Srbija');
    await choose(user, 'team-city', '', 'Beograd');
    await user.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.reads).toContain('/api/Clubs/search?PageSize=50&Filter.NameUniversal=zvez');
    expect(server.writes[0]).toMatchObject({ method: 'POST', url: '/api/Teams' });
    expect(server.writes[0]!.body).toMatchObject({
      name: 'VK Partizan U17',
      nameUniversal: 'Partizan U17',
      clubId: 2,
      categoryId: 6,
      gender: 'Mixed',
      countryId: 1,
      cityId: 10,
      isPro: false,
      logo: null,
      shortName: null,
    });
    expect(showSuccess).toHaveBeenCalledWith('Team successfully saved.');
  });

  it('locks a supplied club and names it', async () => {
    const server = serveClubs(fakeApi(), { clubs: [partizan()] });
    const user = userEvent.setup();
    render(<TeamForm fixedClubId={1} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(input('team-club')).toHaveValue('VK Partizan'));
    expect(input('team-club')).toBeDisabled();
    await user.type(input('team-name'), 'U15');
    await user.type(input('team-nameUniversal'), 'U15');
    await choose(user, 'team-category', '', 'Seniori');
    await user.click(saveButton());
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]!.body).toMatchObject({ clubId: 1, categoryId: 5 });
  });

  it('edits a team with its values loaded and reports server errors at the fields', async () => {
    const team = teamOf(partizan(), { shortName: 'PAR', gender: 'Male' });
    serveClubs(fakeApi(), { clubs: [partizan()], teams: [team] }).on('PUT', '/api/Teams/{id}', () =>
      failure(403, 'You may not change this team.'),
    );
    const user = userEvent.setup();
    render(<TeamForm team={team} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(input('team-name')).toHaveValue('VK Partizan');
    expect(input('team-club')).toHaveValue('VK Partizan');
    await waitFor(() => expect(input('team-category')).toHaveValue('Seniori'));
    expect(input('team-gender')).toHaveValue('Male');
    expect(saveButton()).toBeDisabled();
    await user.type(input('team-shortName'), 'X');
    await user.click(saveButton());
    await waitFor(() => expect(showError).toHaveBeenCalledWith('You may not change this team.'));
  });
});

describe('TeamForm’s Club picker', { timeout: 30_000 }, () => {
  const signInWith = (access: Partial<Profile['access']>) => {
    const profile = profileWith([]);
    session.profile = { ...profile, access: { ...profile.access, ...access } };
  };
  afterEach(() => signOutSession());

  it('offers only the clubs the user fields teams for, and a club account’s new team starts in its club', async () => {
    signInWith({ clubs: [2] });
    const vojvodina = zvezda({ id: 3, name: 'VK Vojvodina', nameUniversal: 'Vojvodina', federationId: 4 });
    serveClubs(fakeApi(), { clubs: [partizan(), zvezda(), vojvodina] });
    const user = userEvent.setup();
    render(<TeamForm onSaved={vi.fn()} onCancel={vi.fn()} />);
    await waitFor(() => expect(input('team-club')).toHaveValue('VK Crvena zvezda'));
    await typeInPicker(user, 'team-club', 'vk');
    expect(await screen.findByRole('option', { name: /VK Crvena zvezda/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /VK Partizan/ })).toBeNull();
    expect(screen.queryByRole('option', { name: /VK Vojvodina/ })).toBeNull();
  });

  it('locks the club of a team its coach edits and says why', () => {
    signInWith({ teams: [10] });
    const team = teamOf(partizan(), { id: 10 });
    serveClubs(fakeApi(), { clubs: [partizan()], teams: [team] });
    render(<TeamForm team={team} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(input('team-club')).toHaveValue('VK Partizan');
    expect(input('team-club')).toBeDisabled();
    expect(within(fieldGroup('team-club')).getByText(LOCKED_NOTES.teamClub)).toBeInTheDocument();
  });
});
