import { Button, Card, FormGroup, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/api/client';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { Loading } from '@/components/loading/loading';
import { personText } from '@/components/person-suggest/person-suggest';
import { TextField } from '@/components/form-fields/form-fields';
import type { FormErrors } from '@/lib/form-errors';
import { EMPTY_PROFILE, profilePayload, ProfilePicker } from '@/components/profile-picker/profile-picker';
import { useEntityForm } from '@/lib/use-entity-form';
import { soleFederation, useProfile } from '@/lib/ownership';
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
  rowErrors,
  type RoleField,
  rowPath,
  type RoleValues,
  validateNewOfficial,
  validateRole,
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
  // A federation account's new official starts with a role row in its one federation.
  const user = useProfile();
  const startIn = fixedFederationId ?? soleFederation(user) ?? null;
  const form = useEntityForm({
    initial: (): NewOfficialValues => ({ profile: EMPTY_PROFILE, title: '', federations: [newRole(startIn)] }),
    validate: validateNewOfficial,
    save: (values: NewOfficialValues) =>
      createOfficial({
        ...profilePayload(values.profile),
        title: values.title.trim() === '' ? null : values.title.trim(),
        federations: values.federations.map((row) => roleInput(row)),
      }),
    successText: 'Official successfully saved.',
    onSaved,
  });
  const { values, errors: shown, change } = form;
  // Keys keep each federation row's inputs when an earlier row is removed.
  const [rowKeys, setRowKeys] = useState<number[]>([0]);
  const nextKey = useRef(1);
  const federations = useFederationChoices();
  const roleItems = useOfficialRoles();

  const changeRow = (index: number, row: RoleValues, field: RoleField) =>
    form.update(
      (current) => ({ ...current, federations: current.federations.map((other, i) => (i === index ? row : other)) }),
      rowPath(index, field),
      'federations',
      // A new federation clears the roles, so their message is news too.
      ...(field === 'federationId' ? [rowPath(index, 'roles')] : []),
    );

  const addRow = () => {
    const key = nextKey.current;
    nextKey.current += 1;
    setRowKeys((keys) => [...keys, key]);
    form.addRow('federations', newRole(), 'federations');
  };

  const removeRow = (index: number) => {
    setRowKeys((keys) => keys.filter((_, i) => i !== index));
    form.removeRow('federations', index, 'federations');
  };

  const intentOf = (message: string | undefined) => (message ? Intent.DANGER : Intent.NONE);
  const chosenIds = values.federations.flatMap((row) => (row.federationId === null ? [] : [row.federationId]));

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <ProfilePicker
        idPrefix="official"
        role="official"
        value={values.profile}
        errors={shown}
        onChange={(profile, paths) => change({ profile }, paths)}
      />
      <FormGroup label="Title" labelFor="official-title" intent={intentOf(shown.title)} helperText={shown.title}>
        <InputGroup
          id="official-title"
          value={values.title}
          intent={intentOf(shown.title)}
          onValueChange={(title) => change({ title })}
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
    </DrawerForm>
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
  const initial = {
    title: official.title ?? '',
    role: link
      ? { federationId: link.federationId, roles: [...link.roles], activeFrom: link.activeFrom, activeTo: link.activeTo ?? '' }
      : newRole(fixedFederationId ?? null),
  };
  const form = useEntityForm({
    initial: () => initial,
    validate: ({ title, role }: typeof initial): FormErrors => {
      const titleError = validateTitle(title);
      return {
        ...(titleError === undefined ? {} : { title: titleError }),
        ...(fixedFederationId === undefined ? {} : validateRole(role)),
      };
    },
    save: async ({ title, role }: typeof initial) => {
      // Each part is sent only when it changed.
      if (title !== initial.title) await updateOfficialTitle(official.id, title.trim() === '' ? null : title.trim());
      if (fixedFederationId !== undefined && role !== initial.role) {
        const input = roleInput(role, official.id);
        if (link) await updateFederationOfficial(link.id, input);
        else await createFederationOfficial(input);
      }
      return getOfficial(official.id);
    },
    successText: 'Official successfully saved.',
    onSaved,
  });
  const { values, errors, change } = form;
  const federations = useFederationChoices();
  const roleItems = useOfficialRoles();

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <FormGroup label="Profile">
        <InputGroup id="official-profile" value={personText(official)} readOnly disabled />
      </FormGroup>
      <TextField id="official-title" label="Title" autoFocus value={values.title} error={errors.title} onChange={(title) => change({ title })} />
      {fixedFederationId !== undefined && (
        <RoleFields
      idPrefix="official-role-0"
      values={values.role}
      errors={errors}
      onChange={(role, field) => change({ role }, [field])}
      federations={federations}
      roleItems={roleItems}
      federationLocked
        />
      )}
    </DrawerForm>
  );
}
