import { Menu } from '@blueprintjs/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsPDF } from 'jspdf';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toaster';
import { type FakeApi, failure, fakeApi, held, json } from '@/test/fake-api';
import { ExportScoresheetMenuItem, scoresheetSaved } from '@/features/scoresheet/export-controls';
import { diskFonts, vectorSheets } from '@/features/scoresheet/scoresheet-test-kit';

vi.mock('@/lib/toaster', () => ({ showSuccess: vi.fn(), showError: vi.fn() }));
// The browser fetches the fonts from the build's assets; here they are read from the repository.
vi.mock('@/features/scoresheet/fonts', () => ({ loadScoresheetFonts: () => Promise.resolve(diskFonts()) }));

const sheet = vectorSheets().rs;
let server: FakeApi;
/**
 * jsPDF gives each document its own `save` (a download) and lets a plugin of that name replace it:
 * the test's plugin records the call and its document instead.
 */
const save = vi.fn(function (this: jsPDF, _fileName: string) {
  return this;
});
const plugins = jsPDF.API as unknown as Record<string, unknown>;

beforeAll(() => {
  plugins.save = save;
});

afterAll(() => {
  delete plugins.save;
});

beforeEach(() => {
  server = fakeApi();
});

afterEach(() => {
  vi.clearAllMocks();
});

const renderItem = () =>
  render(
    <Menu>
      <ExportScoresheetMenuItem matchId={52} />
    </Menu>,
  );

describe('Export to PDF', { timeout: 20_000 }, () => {
  it("draws the server's scoresheet and saves it under the model's file name, with a spinner meanwhile", async () => {
    const user = userEvent.setup();
    const answer = held();
    server.on('GET', '/api/Matches/{id}/scoresheet', () => answer.reply);
    renderItem();
    await user.click(screen.getByText('Export to PDF'));
    expect(await screen.findByLabelText('Making the scoresheet')).toBeInTheDocument();
    expect(screen.getByText('Export to PDF').closest('a')).toHaveAttribute('aria-disabled', 'true');
    answer.send(json(200, sheet));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(scoresheetSaved(sheet.fileName)));
    expect(server.reads).toEqual(['/api/Matches/52/scoresheet']);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('Scoresheet_VK Novi Beograd_VK Radnički_31.10.2026.pdf');
    const doc = save.mock.contexts[0] as jsPDF;
    expect(doc.getNumberOfPages()).toBe(1);
    expect(screen.queryByLabelText('Making the scoresheet')).toBeNull();
    expect(screen.getByText('Export to PDF').closest('a')).not.toHaveAttribute('aria-disabled');
  });

  it("shows the server's message when it refuses, and saves nothing", async () => {
    const user = userEvent.setup();
    server.on('GET', '/api/Matches/{id}/scoresheet', () => failure(404, 'Match not found.'));
    renderItem();
    await user.click(screen.getByText('Export to PDF'));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Match not found.'));
    expect(showSuccess).not.toHaveBeenCalled();
    expect(save).not.toHaveBeenCalled();
  });
});
