import { describe, expect, it } from 'vitest';
import { closeDrawerPath, isDrawerOpen, screenModeFromPath } from '@/lib/screen-mode';

describe('screenModeFromPath', () => {
  it.each([
    ['/cities', 'closed'],
    ['/cities/', 'closed'],
    ['/', 'closed'],
    ['/cities/create', 'create'],
    ['/cities/5', 'read'],
    ['/cities/5/edit', 'edit'],
    ['/cities/5/edit/', 'edit'],
    ['/federations/3/clubs', 'read'],
    ['/federations/3/clubs/create', 'create'],
    ['/federations/3/officials/9/edit', 'edit'],
    ['/editors', 'closed'],
  ] as const)('%s is %s', (path, mode) => {
    expect(screenModeFromPath(path)).toBe(mode);
  });

  it('opens a drawer only to edit or create', () => {
    expect(isDrawerOpen('edit')).toBe(true);
    expect(isDrawerOpen('create')).toBe(true);
    expect(isDrawerOpen('read')).toBe(false);
    expect(isDrawerOpen('closed')).toBe(false);
  });
});

describe('closeDrawerPath', () => {
  it('returns a create drawer to its list and an edit drawer to the details', () => {
    expect(closeDrawerPath('/cities/create')).toBe('/cities');
    expect(closeDrawerPath('/cities/5/edit')).toBe('/cities/5');
    expect(closeDrawerPath('/federations/3/officials/9/edit')).toBe('/federations/3/officials/9');
  });

  it('leaves a path without a drawer as it is', () => {
    expect(closeDrawerPath('/cities/5')).toBe('/cities/5');
    expect(closeDrawerPath('/')).toBe('/');
  });
});
