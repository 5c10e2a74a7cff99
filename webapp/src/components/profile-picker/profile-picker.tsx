import { Callout, FormGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import { PersonSuggest } from '@/components/person-suggest/person-suggest';
import type { FormErrors } from '@/lib/form-errors';
import { PersonFields } from '@/components/profile-picker/person-fields';
import {
  EMPTY_PERSON,
  type Person,
  type PersonInput,
  personInput,
  type PersonValues,
  validatePerson,
} from '@/components/profile-picker/person-validation';
import { PersonsTable } from '@/components/profile-picker/persons-table';
import '@/components/profile-picker/profile-picker.css';

/**
 * The profile part of the coach, player and official forms (spec 01 §2, §5): a new person, or
 * an existing one found by a text search. Typing a new person's name and surname suggests the
 * persons already registered under that name, and one of them can be taken instead.
 */

/** Whose form the picker is in; it decides the messages. */
export type ProfileRole = 'coach' | 'player' | 'official';
export type ProfileOption = 'new' | 'existing';

/** An existing person as chosen: from the search (no identities known yet) or a full person. */
export type ExistingProfile = Schemas['PersonSummary'] & Partial<Pick<Person, 'coachId' | 'playerId' | 'officialId'>>;

export interface ProfileValue {
  option: ProfileOption | null;
  existing: ExistingProfile | null;
  person: PersonValues;
}

export const EMPTY_PROFILE: ProfileValue = { option: null, existing: null, person: EMPTY_PERSON };

interface ProfileMessages {
  /** No option chosen. */
  optionRequired: string;
  /** 'Choose existing' without a person. */
  profileRequired: string;
  /** The person already holds this identity. */
  taken: string;
  /** Above the same-name suggestions. */
  sameName: string;
}

const sameName = (what: string) =>
  `Profiles with this name and surname already exists. Click on the profile to bind the ${what} to it.`;

/** Spec 01 §5: the player form words the option message differently, the official form ends with '!'. */
export const PROFILE_MESSAGES: Readonly<Record<ProfileRole, ProfileMessages>> = {
  coach: {
    optionRequired: 'You have to choose one of these options!',
    profileRequired: 'Profile field is required.',
    taken: 'This person is already a coach!',
    sameName: sameName('club manager role'),
  },
  player: {
    optionRequired: 'Profile type is required',
    profileRequired: 'Profile field is required.',
    taken: 'This person is already a player!',
    sameName: sameName('player role'),
  },
  official: {
    optionRequired: 'You have to choose one of these options!',
    profileRequired: 'Profile field is required!',
    taken: 'This person is already a official!',
    sameName: sameName('official role'),
  },
};

/** Error paths: the option, the existing person (the server's `personId`) and `person.<field>`. */
export const PROFILE_OPTION_PATH = 'profileOption';
export const PERSON_ID_PATH = 'personId';
export const PERSON_PATH = 'person';

type Taken = (person: ExistingProfile) => string | undefined;

/** The default "already holds the identity" rule: the person's coachId, playerId or officialId. */
export function takenByRole(role: ProfileRole): Taken {
  const key = ({ coach: 'coachId', player: 'playerId', official: 'officialId' } as const)[role];
  return (person) => (person[key] !== null && person[key] !== undefined ? PROFILE_MESSAGES[role].taken : undefined);
}

/** The profile's messages (paths `profileOption`, `personId`, `person.<field>`). */
export function validateProfile(value: ProfileValue, role: ProfileRole, taken: Taken = takenByRole(role)): FormErrors {
  const messages = PROFILE_MESSAGES[role];
  switch (value.option) {
    case null:
      return { [PROFILE_OPTION_PATH]: messages.optionRequired };
    case 'existing': {
      if (value.existing === null) return { [PERSON_ID_PATH]: messages.profileRequired };
      const takenText = taken(value.existing);
      return takenText === undefined ? {} : { [PERSON_ID_PATH]: takenText };
    }
    case 'new':
      return validatePerson(value.person, `${PERSON_PATH}.`);
  }
}

/** The profile part of a create request: `personId` or `person`; nothing while no option is chosen. */
export function profilePayload(value: ProfileValue): { personId?: number; person?: PersonInput } {
  if (value.option === 'existing' && value.existing !== null) return { personId: value.existing.id };
  if (value.option === 'new') return { person: personInput(value.person) };
  return {};
}

interface ProfilePickerProps {
  /** Prefix of the inputs' ids: `${idPrefix}-option-new`, `${idPrefix}-existing`, `${idPrefix}-person-name`, ... */
  idPrefix: string;
  role: ProfileRole;
  value: ProfileValue;
  /** A change, with the error paths it touches (so their messages update). */
  onChange: (value: ProfileValue, paths: string[]) => void;
  /** The form's messages; the picker shows those under its paths. */
  errors: FormErrors;
  /** Overrides who cannot be chosen (default: the person already holds `role`'s identity). */
  taken?: Taken;
  disabled?: boolean;
}

interface SameName {
  name: string;
  surname: string;
  persons: Person[];
}

const toExisting = (person: Person): ExistingProfile => ({
  id: person.id,
  name: person.name,
  surname: person.surname,
  birthDate: person.birthDate,
  coachId: person.coachId ?? null,
  playerId: person.playerId ?? null,
  officialId: person.officialId ?? null,
});

export function ProfilePicker({ idPrefix, role, value, onChange, errors, taken, disabled }: ProfilePickerProps) {
  const messages = PROFILE_MESSAGES[role];
  const takenText = taken ?? takenByRole(role);
  const [sameNameFound, setSameNameFound] = useState<SameName | null>(null);

  // A person found by the search comes without its identities; they are read so that a person
  // who already holds the role is marked at once, not only when the server refuses.
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  const unread = value.existing !== null && value.existing.coachId === undefined ? value.existing.id : null;
  useEffect(() => {
    if (unread === null) return undefined;
    let current = true;
    api.get<Person>(`/api/Persons/${unread}`).then(
      (person) => {
        const { value: now, onChange: change } = latest.current;
        if (current && now.existing?.id === person.id) change({ ...now, existing: toExisting(person) }, [PERSON_ID_PATH]);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [unread]);

  const chooseOption = (option: ProfileOption) => onChange({ ...value, option }, [PROFILE_OPTION_PATH]);

  const changePerson = (patch: Partial<PersonValues>) =>
    onChange(
      { ...value, person: { ...value.person, ...patch } },
      Object.keys(patch).map((field) => `${PERSON_PATH}.${field}`),
    );

  const suggestSameName = () => {
    const name = value.person.name.trim();
    const surname = value.person.surname.trim();
    if (name === '' || surname === '') return;
    if (sameNameFound?.name === name && sameNameFound.surname === surname) return;
    const query = new URLSearchParams({ name, surname }).toString();
    api.get<Person[]>(`/api/Persons/same-name?${query}`).then(
      (persons) => setSameNameFound({ name, surname, persons }),
      () => setSameNameFound({ name, surname, persons: [] }),
    );
  };
  const shownSameName =
    sameNameFound !== null &&
    sameNameFound.persons.length > 0 &&
    sameNameFound.name === value.person.name.trim() &&
    sameNameFound.surname === value.person.surname.trim()
      ? sameNameFound.persons
      : [];

  const optionError = errors[PROFILE_OPTION_PATH];
  const personIdError = errors[PERSON_ID_PATH];

  return (
    <div className="pd-profile-picker">
      <FormGroup
        label="Profile"
        labelInfo="*"
        intent={optionError ? Intent.DANGER : Intent.NONE}
        helperText={optionError}
      >
        <RadioGroup
          inline
          name={`${idPrefix}-option`}
          selectedValue={value.option ?? undefined}
          disabled={disabled}
          onChange={(event) => chooseOption(event.currentTarget.value as ProfileOption)}
        >
          <Radio id={`${idPrefix}-option-new`} label="Create new" value="new" />
          <Radio id={`${idPrefix}-option-existing`} label="Choose existing" value="existing" />
        </RadioGroup>
      </FormGroup>
      {value.option === 'existing' && (
        <FormGroup
          label="Existing profile"
          labelFor={`${idPrefix}-existing`}
          labelInfo="*"
          intent={personIdError ? Intent.DANGER : Intent.NONE}
          helperText={personIdError}
        >
          <PersonSuggest
            id={`${idPrefix}-existing`}
            selected={value.existing}
            intent={personIdError ? Intent.DANGER : Intent.NONE}
            disabled={disabled}
            onChange={(person) => onChange({ ...value, existing: person }, [PERSON_ID_PATH])}
          />
        </FormGroup>
      )}
      {value.option === 'new' && (
        <>
          {personIdError && (
            <Callout intent={Intent.DANGER} compact className="pd-profile-error">
              {personIdError}
            </Callout>
          )}
          <PersonFields
            idPrefix={`${idPrefix}-person`}
            values={value.person}
            errors={errors}
            errorPrefix={`${PERSON_PATH}.`}
            onChange={changePerson}
            onNameBlur={suggestSameName}
          />
          {shownSameName.length > 0 && (
            <Callout intent={Intent.PRIMARY} compact className="pd-same-name" title="Existing profiles">
              <p>{messages.sameName}</p>
              <PersonsTable
                persons={shownSameName}
                takenText={(person) => takenText(toExisting(person))}
                onPick={(person) =>
                  onChange({ ...value, option: 'existing', existing: toExisting(person) }, [
                    PROFILE_OPTION_PATH,
                    PERSON_ID_PATH,
                  ])
                }
              />
            </Callout>
          )}
        </>
      )}
    </div>
  );
}
