import { describe, expect, it } from 'vitest';
import { ownsClub } from '@/features/clubs/club-access';

describe('ownsClub', () => {
  const access = { admin: false, federations: [] as number[], clubs: [] as number[], teams: [] as number[] };
  it('gives an admin every club, a club account its clubs and federation staff their federations’ clubs', () => {
    expect(ownsClub({ ...access, admin: true }, { id: 9, federationId: null })).toBe(true);
    expect(ownsClub({ ...access, clubs: [1] }, { id: 1, federationId: 3 })).toBe(true);
    expect(ownsClub({ ...access, clubs: [1] }, { id: 2, federationId: 3 })).toBe(false);
    expect(ownsClub({ ...access, federations: [3] }, { id: 2, federationId: 3 })).toBe(true);
    expect(ownsClub({ ...access, federations: [3] }, { id: 2, federationId: null })).toBe(false);
    expect(ownsClub(null, { id: 1 })).toBe(false);
  });
});
