import { Button, Callout, Card, Classes, FormGroup, InputGroup, Intent, NonIdealState, Radio, RadioGroup } from '@blueprintjs/core';
import '@/features/officials/officials.css';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiRequestError, errorMessage } from '@/api/client';
import { FormFooter } from '@/components/form-footer/form-footer';
import { Loading } from '@/components/loading/loading';
import { PersonSuggest, personText } from '@/components/person-suggest/person-suggest';
import { showError, showSuccess } from '@/lib/toaster';
import {
  createFederationOfficial,
  createOfficial,
  getOfficial,
  getPerson,
  type OfficialDetail,
  type Person,
  samePersons,
  updateFederationOfficial,
  updateOfficialTitle,
} from '@/features/officials/officials-api';
import {
  type ChosenPerson,
  FEDERATION_REQUIRED,
  hasOfficialErrors,
  newRole,
  noOfficialErrors,
  type OfficialErrors,
  type OfficialValues,
  type ProfileOption,
  roleInput,
  type RoleErrors,
  type RoleField,
  roleServerErrors,
  type RoleValues,
  SAME_NAME_HINT,
  ALREADY_AN_OFFICIAL,
  validateOfficial,
  validatePersonChoice,
  validateRole,
  validateRoleField,
  validateTitle,
} from '@/features/officials/official-validation';
import { PersonFields } from '@/features/officials/person-fields';
import {
  EMPTY_PERSON,
  type PersonField,
  type PersonValues,
  personInput,
  personServerErrors,
  validatePersonField,
} from '@/features/officials/person-validation';
import { RoleFields, useFederationChoices, useOfficialRoles } from '@/features/officials/role-fields';

export interface OfficialFormProps {
  /** The federation the official is added to or edited in (the Federations area's drawers). */
  fixedFederationId?: number;
  /** The official being edited; none when adding one. */
  officialId?: number;
  onSaved: (official: OfficialDetail) => void;
  onCancel: () => void;
}

const toChosen = (person: Person): ChosenPerson => ({
  id: person.id,
  name: person.name,
  surname: person.surname,
  birthDate: person.birthDate,
  officialId: person.officialId ?? null,
});

/**
 * The official drawer's form (spec 01 §5 Official form). Adding: a profile ('Create new' or
 * 'Choose existing'), a title and the federations with roles, or only the fixed federation's
 * roles; sent as one POST /api/Officials. Editing: the title, and with a fixed federation the
 * official's roles there.
 */
export function OfficialForm(props: OfficialFormProps) {
  return props.officialId === undefined ? <NewOfficialForm {...props} /> : <EditOfficialForm {...props} officialId={props.officialId} />;
}

// ---------------------------------------------------------------------------------------------
// Adding an official

function NewOfficialForm({ fixedFederationId, onSaved, onCancel }: OfficialFormProps) {
  const fixed = fixedFederationId !== undefined;
  const [values, setValues] = useState<OfficialValues>(() => ({
    profile: null,
    person: null,
    newPerson: EMPTY_PERSON,
    title: '',
    federations: [newRole(fixedFederationId ?? null)],
  }));
  // Keys keep each federation row's inputs when an earlier row is removed.
  const [rowKeys, setRowKeys] = useState<number[]>([0]);
  const nextKey = useRef(1);
  const [errors, setErrors] = useState<OfficialErrors>(() => noOfficialErrors(1));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [sameName, setSameName] = useState<Person[]>([]);
  const lastSameName = useRef('');
  const federations = useFederationChoices();
  const roleItems = useOfficialRoles();

  const change = (next: OfficialValues, patch: Partial<OfficialErrors>) => {
    setValues(next);
    setDirty(true);
    setErrors((current) => ({ ...current, ...patch }));
  };

  const changeProfile = (profile: ProfileOption) =>
    change({ ...values, profile }, { profile: undefined, personId: undefined, person: {} });

  const choosePerson = async (chosen: ChosenPerson) => {
    let person = chosen;
    // A search result does not say whether the person is an official already; the person does.
    try {
      person = toChosen(await getPerson(chosen.id));
    } catch {
      // The server checks again on save.
    }
    setValues((current) => ({ ...current, profile: 'existing', person }));
    setDirty(true);
    setErrors((current) => ({ ...current, profile: undefined, personId: validatePersonChoice(person), person: {} }));
  };

  const changePerson = <F extends PersonField>(field: F, value: PersonValues[F], also: Partial<PersonValues> = {}) => {
    const newPerson = { ...values.newPerson, [field]: value, ...also };
    change({ ...values, newPerson }, { person: { ...errors.person, [field]: validatePersonField(field, newPerson) } });
  };

  // Typing a name and surname that exist suggests the existing profiles (on blur).
  const checkSameName = async () => {
    const name = values.newPerson.name.trim();
    const surname = values.newPerson.surname.trim();
    const key = `${name}\n${surname}`;
    if (key === lastSameName.current) return;
    lastSameName.current = key;
    if (name === '' || surname === '') {
      setSameName([]);
      return;
    }
    try {
      const found = await samePersons(name, surname);
      if (lastSameName.current === key) setSameName(found);
    } catch {
      setSameName([]);
    }
  };

  const changeRow = (index: number, row: RoleValues, field: RoleField) => {
    const rows = values.federations.map((current, i) => (i === index ? row : current));
    const rowErrors = errors.rows.map((current, i) =>
      i === index ? { ...current, [field]: validateRoleField(field, row), ...(field === 'federationId' ? { roles: undefined } : {}) } : current,
    );
    change({ ...values, federations: rows }, { rows: rowErrors, federations: undefined });
  };

  const addRow = () => {
    const key = nextKey.current;
    nextKey.current += 1;
    setRowKeys((keys) => [...keys, key]);
    change({ ...values, federations: [...values.federations, newRole()] }, { rows: [...errors.rows, {}], federations: undefined });
  };

  const removeRow = (index: number) => {
    setRowKeys((keys) => keys.filter((_, i) => i !== index));
    const rows = values.federations.filter((_, i) => i !== index);
    change(
      { ...values, federations: rows },
      { rows: errors.rows.filter((_, i) => i !== index), federations: rows.length === 0 ? FEDERATION_REQUIRED : undefined },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateOfficial(values);
    setErrors(found);
    if (hasOfficialErrors(found)) return;
    setSaving(true);
    try {
      const saved = await createOfficial({
        ...(values.profile === 'existing' ? { personId: values.person?.id ?? null } : { person: personInput(values.newPerson) }),
        title: values.title.trim() === '' ? null : values.title.trim(),
        federations: values.federations.map((row) => roleInput(row)),
      });
      void showSuccess('Official successfully saved.');
      setDirty(false);
      onSaved(saved);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      if (error instanceof ApiRequestError) setErrors(officialServerErrors(error, values.federations.length));
    } finally {
      setSaving(false);
    }
  };

  const intentOf = (message: string | undefined) => (message ? Intent.DANGER : Intent.NONE);
  const chosenIds = values.federations.flatMap((row) => (row.federationId === null ? [] : [row.federationId]));

  return (
    <form className="pd-drawer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label="Profile" labelInfo="*" intent={intentOf(errors.profile)} helperText={errors.profile}>
            <RadioGroup
              inline
              name="official-profile"
              selectedValue={values.profile ?? undefined}
              onChange={(event) => changeProfile(event.currentTarget.value as ProfileOption)}
            >
              <Radio label="Create new" value="new" />
              <Radio label="Choose existing" value="existing" />
            </RadioGroup>
          </FormGroup>
          {values.profile === 'existing' && (
            <FormGroup
              label="Profile"
              labelFor="official-person-search"
              labelInfo="*"
              intent={intentOf(errors.personId)}
              helperText={errors.personId}
            >
              <PersonSuggest
                id="official-person-search"
                selected={values.person}
                intent={intentOf(errors.personId)}
                onChange={(person) => void choosePerson({ ...person, officialId: null })}
              />
            </FormGroup>
          )}
          {values.profile === 'new' && (
            <>
              <PersonFields
                idPrefix="official-person"
                values={values.newPerson}
                errors={errors.person}
                onChange={changePerson}
                onNameBlur={() => void checkSameName()}
              />
              {sameName.length > 0 && (
                <Callout intent={Intent.WARNING} className="pd-same-name" title="Existing profiles">
                  <p>{SAME_NAME_HINT}</p>
                  <div className="pd-same-name-list">
                    {sameName.map((person) => (
                      <div key={person.id}>
                        <Button
                          variant="minimal"
                          icon="person"
                          text={personText(person)}
                          disabled={(person.officialId ?? null) !== null}
                          onClick={() => void choosePerson(toChosen(person))}
                        />
                        {(person.officialId ?? null) !== null && <span className={Classes.TEXT_MUTED}>{ALREADY_AN_OFFICIAL}</span>}
                      </div>
                    ))}
                  </div>
                </Callout>
              )}
            </>
          )}
          <FormGroup label="Title" labelFor="official-title" intent={intentOf(errors.title)} helperText={errors.title}>
            <InputGroup
              id="official-title"
              value={values.title}
              intent={intentOf(errors.title)}
              onValueChange={(title) => change({ ...values, title }, { title: validateTitle(title) })}
            />
          </FormGroup>
          {fixed ? (
            <RoleFields
              idPrefix="official-role-0"
              values={values.federations[0] ?? newRole(fixedFederationId)}
              errors={errors.rows[0] ?? {}}
              onChange={(row, field) => changeRow(0, row, field)}
              federations={federations}
              roleItems={roleItems}
              federationLocked
            />
          ) : (
            <FormGroup label="Federations" labelInfo="*" intent={intentOf(errors.federations)} helperText={errors.federations}>
              {values.federations.map((row, index) => (
                <Card key={rowKeys[index] ?? index} className="pd-official-role-row" compact>
                  <RoleFields
                    idPrefix={`official-role-${index}`}
                    values={row}
                    errors={errors.rows[index] ?? {}}
                    onChange={(next, field) => changeRow(index, next, field)}
                    federations={federations}
                    roleItems={roleItems}
                    disabledFederationIds={chosenIds}
                  />
                  <Button
                    icon="trash"
                    variant="minimal"
                    intent={Intent.DANGER}
                    text="Remove federation"
                    onClick={() => removeRow(index)}
                  />
                </Card>
              ))}
              <Button icon="plus" text="Add federation" onClick={addRow} />
            </FormGroup>
          )}
        </div>
      </div>
      <FormFooter dirty={dirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}

/** The server's field errors of a new official, placed at the form's fields. */
function officialServerErrors(error: ApiRequestError, rows: number): OfficialErrors {
  const fields = error.fieldErrors;
  const first = (key: string) => {
    const messages = fields[key];
    return messages && messages.length > 0 ? messages.join(' ') : undefined;
  };
  const errors = noOfficialErrors(rows);
  errors.personId = first('personId');
  errors.person = personServerErrors(fields, 'person.');
  errors.title = first('title');
  errors.federations = first('federations');
  errors.rows = errors.rows.map((_, index) => roleServerErrors(fields, `federations[${index}].`));
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Editing an official

type Loaded = { official: OfficialDetail; error: null } | { official: null; error: string };

interface EditOfficialFormProps extends OfficialFormProps {
  officialId: number;
}

function EditOfficialForm({ officialId, fixedFederationId, onSaved, onCancel }: EditOfficialFormProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let current = true;
    getOfficial(officialId).then(
      (official) => current && setLoaded({ official, error: null }),
      (error: unknown) => current && setLoaded({ official: null, error: errorMessage(error, 'Error loading data.') }),
    );
    return () => {
      current = false;
    };
  }, [officialId]);

  if (loaded === null) return <Loading />;
  if (loaded.official === null) {
    return <NonIdealState icon="error" title="The official could not be loaded" description={loaded.error} />;
  }
  return (
    <LoadedOfficialForm official={loaded.official} fixedFederationId={fixedFederationId} onSaved={onSaved} onCancel={onCancel} />
  );
}

interface LoadedOfficialFormProps {
  official: OfficialDetail;
  fixedFederationId?: number;
  onSaved: (official: OfficialDetail) => void;
  onCancel: () => void;
}

function LoadedOfficialForm({ official, fixedFederationId, onSaved, onCancel }: LoadedOfficialFormProps) {
  const link = fixedFederationId === undefined ? undefined : official.federations.find((f) => f.federationId === fixedFederationId);
  const [title, setTitle] = useState(official.title ?? '');
  const [role, setRole] = useState<RoleValues>(() =>
    link
      ? { federationId: link.federationId, roles: [...link.roles], activeFrom: link.activeFrom, activeTo: link.activeTo ?? '' }
      : newRole(fixedFederationId ?? null),
  );
  const [titleError, setTitleError] = useState<string | undefined>();
  const [roleErrors, setRoleErrors] = useState<RoleErrors>({});
  const [titleDirty, setTitleDirty] = useState(false);
  const [roleDirty, setRoleDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const federations = useFederationChoices();
  const roleItems = useOfficialRoles();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const foundTitle = validateTitle(title);
    const foundRole = fixedFederationId === undefined ? {} : validateRole(role);
    setTitleError(foundTitle);
    setRoleErrors(foundRole);
    if (foundTitle !== undefined || Object.keys(foundRole).length > 0) return;
    setSaving(true);
    try {
      if (titleDirty) await updateOfficialTitle(official.id, title.trim() === '' ? null : title.trim());
      setTitleDirty(false);
      if (fixedFederationId !== undefined && roleDirty) {
        const input = roleInput(role, official.id);
        if (link) await updateFederationOfficial(link.id, input);
        else await createFederationOfficial(input);
      }
      const saved = await getOfficial(official.id);
      void showSuccess('Official successfully saved.');
      setRoleDirty(false);
      onSaved(saved);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      if (error instanceof ApiRequestError) {
        const messages = error.fieldErrors.title;
        if (messages && messages.length > 0) setTitleError(messages.join(' '));
        setRoleErrors(roleServerErrors(error.fieldErrors));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="pd-drawer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          <FormGroup label="Profile">
            <InputGroup id="official-profile" value={personText(official)} readOnly disabled />
          </FormGroup>
          <FormGroup
            label="Title"
            labelFor="official-title"
            intent={titleError ? Intent.DANGER : Intent.NONE}
            helperText={titleError}
          >
            <InputGroup
              id="official-title"
              value={title}
              intent={titleError ? Intent.DANGER : Intent.NONE}
              autoFocus
              onValueChange={(next) => {
                setTitle(next);
                setTitleDirty(true);
                setTitleError(validateTitle(next));
              }}
            />
          </FormGroup>
          {fixedFederationId !== undefined && (
            <RoleFields
              idPrefix="official-role-0"
              values={role}
              errors={roleErrors}
              onChange={(next, field) => {
                setRole(next);
                setRoleDirty(true);
                setRoleErrors((current) => ({ ...current, [field]: validateRoleField(field, next) }));
              }}
              federations={federations}
              roleItems={roleItems}
              federationLocked
            />
          )}
        </div>
      </div>
      <FormFooter dirty={titleDirty || roleDirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}
