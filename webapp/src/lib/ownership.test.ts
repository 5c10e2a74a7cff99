import { describe, expect, it } from 'vitest';
import {
  choosable,
  mayChooseCompetition,
  mayChooseFederation,
  mayGiveRolesIn,
  mayMoveTeam,
  mayPlaceIn,
  mayReassign,
  onlyChoice,
  ownsClub,
  ownsTeam,
  soleClub,
  soleFederation,
} from '@/lib/ownership';
import { profileWith } from '@/test/session';

const withAccess = (access: { admin?: boolean; federations?: number[]; clubs?: number[]; teams?: number[]; matches?: number[] }) => {
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

// The demo's shapes: federations 1 (Srbija) and 2 (Vojvodina); club 10 in 1, club 20 in 2.
const admin = withAccess({ admin: true });
const federationStaff = withAccess({ federations: [1] });
const clubAccount = withAccess({ clubs: [10] });
const coach = withAccess({ teams: [100] });
const official = withAccess({ matches: [7] });
const FEDERATIONS = [{ id: 1 }, { id: 2 }];
const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);

describe('mayPlaceIn', () => {
  it('places clubs, competitions and matches anywhere for an admin or a user without federations, and in their own for federation staff', () => {
    expect(mayPlaceIn(admin, 2)).toBe(true);
    expect(mayPlaceIn(federationStaff, 1)).toBe(true);
    expect(mayPlaceIn(federationStaff, 2)).toBe(false);
    expect(mayPlaceIn(federationStaff, null)).toBe(false);
    expect(mayPlaceIn(clubAccount, 2)).toBe(true);
    expect(mayPlaceIn(official, 2)).toBe(true);
  });

  it('offers a federation or a competition by the same rule', () => {
    expect(ids(choosable(federationStaff, FEDERATIONS, mayChooseFederation))).toEqual([1]);
    expect(ids(choosable(admin, FEDERATIONS, mayChooseFederation))).toEqual([1, 2]);
    const competitions = [
      { id: 5, federationId: 1 },
      { id: 6, federationId: 2 },
    ];
    expect(ids(choosable(federationStaff, competitions, mayChooseCompetition))).toEqual([5]);
    expect(ids(choosable(official, competitions, mayChooseCompetition))).toEqual([5, 6]);
  });
});

describe('mayReassign and mayMoveTeam', () => {
  it('lets admins and federation staff move a club or a match; a club account and an official keep them', () => {
    expect(mayReassign(admin)).toBe(true);
    expect(mayReassign(federationStaff)).toBe(true);
    expect(mayReassign(clubAccount)).toBe(false);
    expect(mayReassign(official)).toBe(false);
  });

  it('lets whoever fields teams move a team to another club, not a coach', () => {
    expect(mayMoveTeam(admin)).toBe(true);
    expect(mayMoveTeam(federationStaff)).toBe(true);
    expect(mayMoveTeam(clubAccount)).toBe(true);
    expect(mayMoveTeam(coach)).toBe(false);
  });
});

describe('choosable', () => {
  const clubs = [
    { id: 10, federationId: 1 },
    { id: 20, federationId: 2 },
    { id: 30, federationId: null },
  ];

  it('offers the clubs a user owns', () => {
    expect(ids(choosable(admin, clubs, ownsClub))).toEqual([10, 20, 30]);
    expect(ids(choosable(federationStaff, clubs, ownsClub))).toEqual([10]);
    expect(ids(choosable(clubAccount, clubs, ownsClub))).toEqual([10]);
    expect(ids(choosable(coach, clubs, ownsClub))).toEqual([]);
  });

  it('offers a coach the teams they coach', () => {
    const teams = [
      { id: 100, clubId: 20, federationId: 2 },
      { id: 101, clubId: 10, federationId: 1 },
    ];
    expect(ids(choosable(coach, teams, ownsTeam))).toEqual([100]);
    expect(ids(choosable(clubAccount, teams, ownsTeam))).toEqual([101]);
  });

  it('keeps the item already chosen, and holds nothing back without a profile', () => {
    expect(ids(choosable(federationStaff, FEDERATIONS, mayChooseFederation, 2))).toEqual([1, 2]);
    expect(ids(choosable(null, FEDERATIONS, mayChooseFederation))).toEqual([1, 2]);
  });

  it('gives official roles in owned federations only', () => {
    expect(ids(choosable(federationStaff, FEDERATIONS, mayGiveRolesIn))).toEqual([1]);
    expect(ids(choosable(admin, FEDERATIONS, mayGiveRolesIn))).toEqual([1, 2]);
    expect(ids(choosable(clubAccount, FEDERATIONS, mayGiveRolesIn))).toEqual([]);
  });
});

describe('the one choice a new record starts with', () => {
  it('is the only federation of federation staff and the only club of a club account', () => {
    expect(soleFederation(federationStaff)).toBe(1);
    expect(soleFederation(withAccess({ federations: [1, 2] }))).toBeUndefined();
    expect(soleFederation(withAccess({ admin: true, federations: [1] }))).toBeUndefined();
    expect(soleFederation(clubAccount)).toBeUndefined();
    expect(soleClub(clubAccount)).toBe(10);
    expect(soleClub(federationStaff)).toBeUndefined();
    expect(soleClub(withAccess({ clubs: [10, 11] }))).toBeUndefined();
    expect(soleClub(null)).toBeUndefined();
  });

  it('is the only item of a loaded list the rules leave a non-admin', () => {
    expect(onlyChoice(federationStaff, [{ id: 1 }])).toEqual({ id: 1 });
    expect(onlyChoice(federationStaff, [{ id: 1 }, { id: 2 }])).toBeUndefined();
    expect(onlyChoice(federationStaff, [])).toBeUndefined();
    expect(onlyChoice(federationStaff, null)).toBeUndefined();
    // An admin chooses for themselves, and nobody signed in gets nothing chosen.
    expect(onlyChoice(admin, [{ id: 1 }])).toBeUndefined();
    expect(onlyChoice(null, [{ id: 1 }])).toBeUndefined();
  });
});
