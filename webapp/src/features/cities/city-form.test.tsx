import { Classes } from '@blueprintjs/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/types';
import { CityForm } from '@/features/cities/city-form';
import { showError, showSuccess } from '@/lib/toaster';
import { lookups } from '@/state/lookups';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));

const serbia: Schemas['Country'] = { id: 1, name: 'Srbija', nameUniversal: 'Serbia', code: 'RS' };
const croatia: Schemas['Country'] = { id: 2, name: 'Croatia', nameUniversal: 'Hrvatska', code: 'CRO' };
const noviSad: Schemas['City'] = { id: 7, name: 'Novi Sad', nameUniversal: 'Novi Sad', countryId: 1, country: serbia };

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

function serve(handler: Handler) {
  fetchMock = vi.fn(async (url: string, init: RequestInit) => handler(url, init));
  vi.stubGlobal('fetch', fetchMock);
}

const writes = () => fetchMock.mock.calls.filter(([, init]) => init.method !== 'GET');

/** The form group around an input, where its error message shows. */
function fieldGroup(inputId: string): HTMLElement {
  const input = document.getElementById(inputId);
  const group = input?.closest<HTMLElement>(`.${Classes.FORM_GROUP}`);
  if (!group) throw new Error(`no form group for #${inputId}`);
  return group;
}

const saveButton = () => screen.getByRole('button', { name: /^(Save|Saving)$/ });

beforeEach(() => {
  lookups.countries = [serbia, croatia];
  lookups.countriesStatus = 'loaded';
  serve(() => jsonResponse(500, {}));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('CityForm', () => {
  it('keeps Save disabled until the form is changed', async () => {
    const user = userEvent.setup();
    render(<CityForm city={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(saveButton()).toBeDisabled();
    await user.type(document.getElementById('city-name')!, 'N');
    expect(saveButton()).toBeEnabled();
  });

  it('keeps Save disabled on an existing city until a field changes', async () => {
    const user = userEvent.setup();
    render(<CityForm city={noviSad} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect(document.getElementById('city-name')).toHaveValue('Novi Sad');
    expect(document.getElementById('city-country')).toHaveValue('Srbija');
    expect(saveButton()).toBeDisabled();
    await user.type(document.getElementById('city-name-universal')!, ' (NS)');
    expect(saveButton()).toBeEnabled();
  });

  it('shows the rule messages at each field and sends nothing while they fail', async () => {
    const user = userEvent.setup();
    render(<CityForm city={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    const name = document.getElementById('city-name')!;
    await user.type(name, 'x');
    await user.clear(name);
    expect(within(fieldGroup('city-name')).getByText('Required field')).toBeInTheDocument();
    expect(within(fieldGroup('city-name-universal')).queryByText('Required field')).toBeNull();

    await user.click(saveButton());
    expect(within(fieldGroup('city-name-universal')).getByText('Required field')).toBeInTheDocument();
    expect(within(fieldGroup('city-country')).getByText('Country is required!')).toBeInTheDocument();

    await user.click(name);
    await user.paste('a'.repeat(201));
    expect(within(fieldGroup('city-name')).getByText('Maximum 200 characters')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('says so when no country matches', async () => {
    const user = userEvent.setup();
    render(<CityForm city={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.type(document.getElementById('city-country')!, 'zzz');
    expect(await screen.findByText('There are no selectable options.')).toBeInTheDocument();
  });

  it('posts exactly the three fields, shows Saving meanwhile, and reports success', async () => {
    let answer: (response: Response) => void = () => {};
    serve((_url, init) =>
      init.method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : jsonResponse(404, {}),
    );
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<CityForm city={null} onSaved={onSaved} onCancel={vi.fn()} />);
    await user.type(document.getElementById('city-name')!, 'Sombor ');
    await user.type(document.getElementById('city-name-universal')!, 'Sombor');
    await user.type(document.getElementById('city-country')!, 'serb');
    await user.click(await screen.findByText('Srbija'));
    await user.click(saveButton());

    expect(saveButton()).toHaveTextContent('Saving');
    expect(saveButton()).toBeDisabled();
    const [url, init] = writes()[0]!;
    expect(url).toBe('/api/Cities');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Sombor', nameUniversal: 'Sombor', countryId: 1 });

    const created = { id: 99, name: 'Sombor', nameUniversal: 'Sombor', countryId: 1, country: serbia };
    answer(jsonResponse(201, created));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(showSuccess).toHaveBeenCalledWith('City successfully saved.');
  });

  it("puts the server's field errors at the fields and toasts its message", async () => {
    serve((_url, init) =>
      init.method === 'PUT'
        ? jsonResponse(400, { message: 'Validation failed.', errors: { nameUniversal: ['Maximum 200 characters'] } })
        : jsonResponse(404, {}),
    );
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(<CityForm city={noviSad} onSaved={onSaved} onCancel={vi.fn()} />);
    await user.type(document.getElementById('city-name')!, 'x');
    await user.click(saveButton());

    expect(await within(fieldGroup('city-name-universal')).findByText('Maximum 200 characters')).toBeInTheDocument();
    expect(writes()[0]![0]).toBe('/api/Cities/7');
    expect(showError).toHaveBeenCalledWith('Validation failed.');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('reports an unexpected status with the generic message', async () => {
    serve((_url, init) => (init.method === 'PUT' ? new Response('boom', { status: 502 }) : jsonResponse(404, {})));
    const user = userEvent.setup();
    render(<CityForm city={noviSad} onSaved={vi.fn()} onCancel={vi.fn()} />);
    await user.type(document.getElementById('city-name')!, 'x');
    await user.click(saveButton());
    await waitFor(() => expect(showError).toHaveBeenCalledWith('An unexpected server error occurred.'));
  });
});
