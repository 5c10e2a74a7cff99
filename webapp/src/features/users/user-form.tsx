import { Classes, FormGroup, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { ApiRequestError, errorMessage } from '@/api/client';
import { FormFooter } from '@/components/form-footer/form-footer';
import { ClubSuggest, FederationSuggest } from '@/components/lookup-suggest/lookup-suggest';
import { PersonSuggest } from '@/components/person-suggest/person-suggest';
import { showError, showSuccess } from '@/lib/toaster';
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
  USER_FIELDS,
  type UserErrors,
  type UserField,
  type UserValues,
  validateUser,
  validateUserField,
  withType,
} from '@/features/users/user-validation';

interface UserFormProps {
  /** The user being edited; none when adding one. */
  user: User | null;
  /** A new user comes with its set-password link. */
  onSaved: (user: User | CreatedUser) => void;
  onCancel: () => void;
}

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

/** Field errors from the server, keyed by request-body field name, placed at the form's fields. */
function serverFieldErrors(error: unknown): UserErrors {
  if (!(error instanceof ApiRequestError)) return {};
  const errors: UserErrors = {};
  for (const field of USER_FIELDS) {
    const messages = error.fieldErrors[field];
    if (messages && messages.length > 0) errors[field] = messages.join(' ');
  }
  return errors;
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
  const [values, setValues] = useState<UserValues>(() => initialValues(user));
  const [errors, setErrors] = useState<UserErrors>({});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const isAdmin = values.typeId === 0;

  const update = (next: UserValues, fields: readonly UserField[]) => {
    setValues(next);
    setDirty(true);
    setErrors((current) => {
      const updated = { ...current };
      for (const field of fields) updated[field] = validateUserField(field, next);
      return updated;
    });
  };

  const changeType = (typeId: UserTypeId) => {
    if (typeId === values.typeId) return;
    // The pickers of the other types start empty again, and so do their messages.
    setValues(withType(values, typeId));
    setDirty(true);
    setErrors((current) => ({ ...current, federationId: undefined, clubId: undefined, personId: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateUser(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const input = toInput(values, user);
      const saved = user ? await updateUser(user.id, input) : await createUser(input);
      void showSuccess('User successfully saved.');
      setDirty(false);
      onSaved(saved);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      setErrors(serverFieldErrors(error));
    } finally {
      setSaving(false);
    }
  };

  const intent = (field: UserField) => (errors[field] ? Intent.DANGER : Intent.NONE);
  const types = isAdmin ? ([0, ...FORM_USER_TYPES] as UserTypeId[]) : FORM_USER_TYPES;

  return (
    <form className="pd-drawer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label="Email" labelFor="user-email" labelInfo="*" intent={intent('email')} helperText={errors.email}>
            <InputGroup
              id="user-email"
              type="email"
              value={values.email}
              intent={intent('email')}
              disabled={user !== null}
              onValueChange={(email) => update({ ...values, email }, ['email'])}
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
          {values.typeId === 1 && (
            <FormGroup
              label="Federation"
              labelFor="user-federation"
              labelInfo="*"
              intent={intent('federationId')}
              helperText={errors.federationId}
            >
              <FederationSuggest
                id="user-federation"
                selectedId={values.federationId}
                intent={intent('federationId')}
                onChange={(federationId) => update({ ...values, federationId }, ['federationId'])}
              />
            </FormGroup>
          )}
          {values.typeId === 2 && (
            <FormGroup label="Club" labelFor="user-club" labelInfo="*" intent={intent('clubId')} helperText={errors.clubId}>
              <ClubSuggest
                id="user-club"
                selectedId={values.clubId}
                intent={intent('clubId')}
                onChange={(clubId) => update({ ...values, clubId }, ['clubId'])}
              />
            </FormGroup>
          )}
          {values.typeId === 3 && (
            <FormGroup
              label="Person"
              labelFor="user-person"
              labelInfo="*"
              intent={intent('personId')}
              helperText={errors.personId}
            >
              <PersonSuggest
                id="user-person"
                selected={values.person}
                intent={intent('personId')}
                onChange={(person) => update({ ...values, person }, ['personId'])}
              />
            </FormGroup>
          )}
        </div>
      </div>
      <FormFooter dirty={dirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}
