import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE } from '@/components/profile-picker/profile-picker';
import {
  ACTIVE_ORDER,
  FEDERATION_REQUIRED,
  newRole,
  ROLES_REQUIRED,
  rowErrors,
  today,
  validateNewOfficial,
  validateRole,
} from '@/features/officials/official-validation';

describe('the official role rules', () => {
  it('starts today, needs a federation and roles, and ends no earlier than it starts', () => {
    expect(today(new Date(2026, 10, 2))).toBe('2026-11-02');
    expect(newRole().activeFrom).toBe(today());
    expect(validateRole(newRole())).toEqual({ federationId: FEDERATION_REQUIRED, roles: ROLES_REQUIRED });
    const row = { federationId: 1, roles: [600 as const], activeFrom: '2026-05-02', activeTo: '2026-05-01' };
    expect(validateRole(row)).toEqual({ activeTo: ACTIVE_ORDER });
    expect(validateRole({ ...row, activeTo: '2026-05-02' })).toEqual({});
  });
});

describe('the new official rules', () => {
  it("names each message by the server's path", () => {
    const errors = validateNewOfficial({ profile: EMPTY_PROFILE, title: 'x'.repeat(201), federations: [newRole(), newRole(2)] });
    expect(errors).toEqual({
      profileOption: 'You have to choose one of these options!',
      title: 'Too long input!',
      'federations[0].federationId': FEDERATION_REQUIRED,
      'federations[0].roles': ROLES_REQUIRED,
      'federations[1].roles': ROLES_REQUIRED,
    });
    expect(rowErrors(errors, 1)).toEqual({ roles: ROLES_REQUIRED });
  });

  it('needs at least one federation, and checks a new person with the person rules', () => {
    const errors = validateNewOfficial({ profile: { ...EMPTY_PROFILE, option: 'new' }, title: '', federations: [] });
    expect(errors.federations).toBe(FEDERATION_REQUIRED);
    expect(errors['person.name']).toBe('Name field is required!');
    expect(errors['person.surname']).toBe('Surname field is required!');
    expect(errors['person.birthDate']).toBe('Birth date field is required!');
  });
});
