import { beforeEach, describe, expect, it, vi } from 'vitest';
import { diskFonts } from '@/features/scoresheet/scoresheet-test-kit';

const files = diskFonts();
const bytes = (base64: string) => Buffer.from(base64, 'base64');

/** A fresh copy of the module, so each test starts with nothing loaded. */
const loader = async () => (await import('@/features/scoresheet/fonts')).loadScoresheetFonts;

beforeEach(() => {
  vi.resetModules();
});

describe('the scoresheet fonts', () => {
  it('are fetched from the build once, as base64', async () => {
    const fetch = vi.fn((url: string) => new Response(bytes(url.includes('Bold') ? files.bold : files.regular)));
    vi.stubGlobal('fetch', fetch);
    const load = await loader();
    expect(await load()).toEqual(files);
    expect(await load()).toEqual(files);
    expect(fetch.mock.calls.map(([url]) => url.replace(/^.*\//, ''))).toEqual(['RobotoCondensed-Regular.ttf', 'RobotoCondensed-Bold.ttf']);
  });

  it('are fetched again after a failed load', async () => {
    const fetch = vi.fn(() => new Response('gone', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    const load = await loader();
    await expect(load()).rejects.toThrow("The scoresheet's fonts could not be loaded.");
    fetch.mockImplementation(() => new Response(bytes(files.regular)));
    expect((await load()).regular).toBe(files.regular);
  });
});
