import { FormGroup, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { Field, intentOf } from '@/components/form-fields/form-fields';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { ClubSuggest, FederationSuggest } from '@/components/lookup-suggest/lookup-suggest';
import { PersonSuggest } from '@/components/person-suggest/person-suggest';
import { useEntityForm } from '@/lib/use-entity-form';
import {
  createUser,
  type CreatedUser,
  FORM_USER_TYPES,
  updateUser,
  type User,
  type UserInput,
  USER_TYPE_NAMES,
  type UserTypeId,
} from '@/features/users/users-api';
import {
  type UserField,
  type UserValues,
  validateUser,
  withType,
} from '@/features/users/user-validation';

interface UserFormProps {
  /** The user being edited; none when adding one. */
  user: User | null;
  /** A new user comes with its set-password link. */
  onSaved: (user: User | CreatedUser) => void;
  onCancel: () => void;
}

/** The field each type but the administrator's ties its user to (spec 01 §5). */
const TIES: Partial<Record<UserTypeId, { id: string; label: string; field: UserField }>> = {
  1: { id: 'user-federation', label: 'Federation', field: 'federationId' },
  2: { id: 'user-club', label: 'Club', field: 'clubId' },
  3: { id: 'user-person', label: 'Person', field: 'personId' },
};

/** New users are persons unless another type is chosen. */
const DEFAULT_TYPE: UserTypeId = 3;

function initialValues(user: User | null): UserValues {
  return user
    ? {
        email: user.email,
        typeId: user.typeId,
        federationId: user.federationId ?? null,
        clubId: user.clubId ?? null,
        person: user.person ?? null,
      }
    : { email: '', typeId: DEFAULT_TYPE, federationId: null, clubId: null, person: null };
}

function toInput(values: UserValues, user: User | null): UserInput {
  return {
    // The email of an existing user cannot change; the server wants it sent unchanged.
    email: user ? user.email : values.email.trim(),
    typeId: values.typeId,
    federationId: values.typeId === 1 ? values.federationId : null,
    clubId: values.typeId === 2 ? values.clubId : null,
    personId: values.typeId === 3 ? (values.person?.id ?? null) : null,
    phoneNumber: user?.phoneNumber ?? null,
  };
}

/** Add or edit a user: email, type and, by type, a federation, club or person. */
export function UserForm({ user, onSaved, onCancel }: UserFormProps) {
  const form = useEntityForm({
    initial: () => initialValues(user),
    validate: validateUser,
    save: (values: UserValues) => {
      const input = toInput(values, user);
      return user ? updateUser(user.id, input) : createUser(input);
    },
    successText: 'User successfully saved.',
    onSaved,
  });
  const { values, errors, change } = form;
  const isAdmin = values.typeId === 0;

  // The pickers of the other types start empty again.
  const changeType = (typeId: UserTypeId) => typeId !== values.typeId && change(withType(values, typeId), ['typeId']);

  const intent = (field: UserField) => intentOf(errors[field]);
  // The federation, club or person a user of that type is tied to.
  const tie = TIES[values.typeId];
  const tied = tie && { id: tie.id, intent: intent(tie.field) };
  const types = isAdmin ? ([0, ...FORM_USER_TYPES] as UserTypeId[]) : FORM_USER_TYPES;

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <FormGroup label="Email" labelFor="user-email" labelInfo="*" intent={intent('email')} helperText={errors.email}>
        <InputGroup
          id="user-email"
          type="email"
          value={values.email}
          intent={intent('email')}
          disabled={user !== null}
          onValueChange={(email) => change({ email }, ['email'])}
          autoFocus={user === null}
        />
      </FormGroup>
      <FormGroup label="Type" labelInfo="*" intent={intent('typeId')} helperText={errors.typeId}>
        <RadioGroup
          inline
          name="user-type"
          selectedValue={values.typeId}
          disabled={isAdmin}
          onChange={(event) => changeType(Number(event.currentTarget.value) as UserTypeId)}
        >
          {types.map((typeId) => (
            <Radio key={typeId} label={USER_TYPE_NAMES[typeId]} value={typeId} />
          ))}
        </RadioGroup>
      </FormGroup>
      {tie && (
        <Field id={tie.id} label={tie.label} required error={errors[tie.field]}>
          {values.typeId === 1 && <FederationSuggest {...tied} selectedId={values.federationId} onChange={(federationId) => change({ federationId }, ['federationId'])} />}
          {values.typeId === 2 && <ClubSuggest {...tied} selectedId={values.clubId} onChange={(clubId) => change({ clubId }, ['clubId'])} />}
          {values.typeId === 3 && <PersonSuggest {...tied} selected={values.person} onChange={(person) => change({ person }, ['personId'])} />}
        </Field>
      )}
    </DrawerForm>
  );
}
