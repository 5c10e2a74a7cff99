import { describe, expect, it } from 'vitest';
import { ownsClub, ownsTeam } from '@/lib/ownership';
import { profileWith } from '@/test/session';

const withAccess = (access: { admin?: boolean; federations?: number[]; clubs?: number[]; teams?: number[] }) => {
  const profile = profileWith([]);
  return { ...profile, access: { ...profile.access, ...access } };
};

describe('ownsClub', () => {
  it('gives an admin every club, a club account its clubs and federation staff their federations’ clubs', () => {
    expect(ownsClub(withAccess({ admin: true }), { id: 9, federationId: null })).toBe(true);
    expect(ownsClub(withAccess({ clubs: [1] }), { id: 1, federationId: 3 })).toBe(true);
    expect(ownsClub(withAccess({ clubs: [1] }), { id: 2, federationId: 3 })).toBe(false);
    expect(ownsClub(withAccess({ federations: [3] }), { id: 2, federationId: 3 })).toBe(true);
    expect(ownsClub(withAccess({ federations: [3] }), { id: 2, federationId: null })).toBe(false);
    expect(ownsClub(null, { id: 1 })).toBe(false);
  });
});

describe('ownsTeam', () => {
  it('gives a coach the teams they coach and everyone the teams of the clubs they may change', () => {
    expect(ownsTeam(withAccess({ teams: [100] }), { id: 100, clubId: 1 })).toBe(true);
    expect(ownsTeam(withAccess({ clubs: [1] }), { id: 100, clubId: 1 })).toBe(true);
    expect(ownsTeam(withAccess({ federations: [3] }), { id: 100, clubId: 1, federationId: 3 })).toBe(true);
    expect(ownsTeam(withAccess({ clubs: [2] }), { id: 100, clubId: 1 })).toBe(false);
    expect(ownsTeam(null, { id: 100, clubId: 1 })).toBe(false);
  });
});
