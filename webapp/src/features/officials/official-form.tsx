import { Button, Card, Classes, FormGroup, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiRequestError, errorMessage } from '@/api/client';
import { FormFooter } from '@/components/form-footer/form-footer';
import { Loading } from '@/components/loading/loading';
import { personText } from '@/components/person-suggest/person-suggest';
import { serverFieldErrors, useShownErrors } from '@/components/profile-picker/form-errors';
import { EMPTY_PROFILE, profilePayload, ProfilePicker } from '@/components/profile-picker/profile-picker';
import { showError, showSuccess } from '@/lib/toaster';
import {
  createFederationOfficial,
  createOfficial,
  getOfficial,
  type OfficialDetail,
  updateFederationOfficial,
  updateOfficialTitle,
} from '@/features/officials/officials-api';
import {
  newRole,
  type NewOfficialValues,
  roleInput,
  type RoleErrors,
  rowErrors,
  type RoleField,
  rowPath,
  roleServerErrors,
  type RoleValues,
  validateNewOfficial,
  validateRole,
  validateRoleField,
  validateTitle,
} from '@/features/officials/official-validation';
import { RoleFields, useFederationChoices, useOfficialRoles } from '@/features/officials/role-fields';
import '@/features/officials/officials.css';

export interface OfficialFormProps {
  /** The federation the official is added to or edited in (the Federations area's drawers). */
  fixedFederationId?: number;
  /** The official being edited; none when adding one. */
  officialId?: number;
  onSaved: (official: OfficialDetail) => void;
  onCancel: () => void;
}

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
  const [values, setValues] = useState<NewOfficialValues>(() => ({
    profile: EMPTY_PROFILE,
    title: '',
    federations: [newRole(fixedFederationId ?? null)],
  }));
  // Keys keep each federation row's inputs when an earlier row is removed.
  const [rowKeys, setRowKeys] = useState<number[]>([0]);
  const nextKey = useRef(1);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const errors = useShownErrors();
  const clientErrors = validateNewOfficial(values);
  const shown = errors.shown(clientErrors);
  const federations = useFederationChoices();
  const roleItems = useOfficialRoles();

  const change = (next: NewOfficialValues, paths: string[]) => {
    setValues(next);
    setDirty(true);
    errors.touch(...paths);
  };

  const changeRow = (index: number, row: RoleValues, field: RoleField) => {
    const rows = values.federations.map((current, i) => (i === index ? row : current));
    // A new federation clears the roles, so their message is news too.
    const paths = field === 'federationId' ? [rowPath(index, field), rowPath(index, 'roles')] : [rowPath(index, field)];
    change({ ...values, federations: rows }, [...paths, 'federations']);
  };

  const addRow = () => {
    const key = nextKey.current;
    nextKey.current += 1;
    setRowKeys((keys) => [...keys, key]);
    change({ ...values, federations: [...values.federations, newRole()] }, ['federations']);
  };

  const removeRow = (index: number) => {
    setRowKeys((keys) => keys.filter((_, i) => i !== index));
    errors.forget('federations');
    change({ ...values, federations: values.federations.filter((_, i) => i !== index) }, ['federations']);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    errors.showAll();
    if (Object.keys(clientErrors).length > 0) return;
    setSaving(true);
    try {
      const saved = await createOfficial({
        ...profilePayload(values.profile),
        title: values.title.trim() === '' ? null : values.title.trim(),
        federations: values.federations.map((row) => roleInput(row)),
      });
      void showSuccess('Official successfully saved.');
      setDirty(false);
      onSaved(saved);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      errors.setServer(serverFieldErrors(error));
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
          <ProfilePicker
            idPrefix="official"
            role="official"
            value={values.profile}
            errors={shown}
            onChange={(profile, paths) => change({ ...values, profile }, paths)}
          />
          <FormGroup label="Title" labelFor="official-title" intent={intentOf(shown.title)} helperText={shown.title}>
            <InputGroup
              id="official-title"
              value={values.title}
              intent={intentOf(shown.title)}
              onValueChange={(title) => change({ ...values, title }, ['title'])}
            />
          </FormGroup>
          {fixed ? (
            <RoleFields
              idPrefix="official-role-0"
              values={values.federations[0] ?? newRole(fixedFederationId)}
              errors={rowErrors(shown, 0)}
              onChange={(row, field) => changeRow(0, row, field)}
              federations={federations}
              roleItems={roleItems}
              federationLocked
            />
          ) : (
            <FormGroup label="Federations" labelInfo="*" intent={intentOf(shown.federations)} helperText={shown.federations}>
              {values.federations.map((row, index) => (
                <Card key={rowKeys[index] ?? index} className="pd-official-role-row" compact>
                  <RoleFields
                    idPrefix={`official-role-${index}`}
                    values={row}
                    errors={rowErrors(shown, index)}
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
