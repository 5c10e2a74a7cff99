import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/api/types';
import { coachClubs, ownClubs, teamClubs } from '@/app/own-clubs';

const access = (clubs: number[]) => ({ admin: false, clubs, teams: [] });
const names = [
  { id: 1, name: 'VK Partizan' },
  { id: 2, name: 'VK Crvena zvezda' },
  { id: 4, name: 'VK Jug' },
];
const ref = (id: number, name: string) => ({ id, name, nameUniversal: name });
const link = (clubId: number, name: string, period: Partial<Schemas['ClubCoach']> = {}): Schemas['ClubCoach'] => ({
  id: 100 + clubId,
  clubId,
  coachId: 9,
  club: ref(clubId, name),
  ...period,
});

describe('ownClubs', () => {
  it("names a club account's club from the names cache", () => {
    expect(ownClubs({ access: access([1]) }, names, [])).toEqual([{ id: 1, name: 'VK Partizan' }]);
  });

  it('leaves a club out until its name has loaded, and has none without a profile', () => {
    expect(ownClubs({ access: access([1]) }, [], [])).toEqual([]);
    expect(ownClubs(null, names, [{ id: 4, name: 'VK Jug' }])).toEqual([]);
  });

  it("joins a coach's clubs, each club once, by name", () => {
    const coaching = [
      { id: 4, name: 'VK Jug' },
      { id: 1, name: 'VK Partizan' },
    ];
    expect(ownClubs({ access: access([1, 2]) }, names, coaching)).toEqual([
      { id: 2, name: 'VK Crvena zvezda' },
      { id: 4, name: 'VK Jug' },
      { id: 1, name: 'VK Partizan' },
    ]);
  });
});

describe("a coach's clubs", () => {
  const today = new Date(2026, 10, 27, 10, 0);

  it('are the club links not ended and already begun today', () => {
    const links = [
      link(1, 'VK Partizan'),
      link(2, 'VK Crvena zvezda', { activeFrom: '2020-01-01', activeTo: '2026-11-26' }),
      link(4, 'VK Jug', { activeFrom: '2026-01-01', activeTo: '2026-11-27' }),
      link(5, 'VK Novi Beograd', { activeFrom: '2026-11-28' }),
    ];
    expect(coachClubs(links, today)).toEqual([
      { id: 1, name: 'VK Partizan' },
      { id: 4, name: 'VK Jug' },
    ]);
  });

  it('are, read from the teams they coach, those teams\' clubs', () => {
    expect(teamClubs([{ club: ref(1, 'VK Partizan') }, { club: null }])).toEqual([{ id: 1, name: 'VK Partizan' }]);
  });
});
