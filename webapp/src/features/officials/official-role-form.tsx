import { Classes } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { ApiRequestError, errorMessage } from '@/api/client';
import { FormFooter } from '@/components/form-footer/form-footer';
import { showError, showSuccess } from '@/lib/toaster';
import {
  createFederationOfficial,
  type FederationOfficial,
  type OfficialDetail,
  updateFederationOfficial,
} from '@/features/officials/officials-api';
import {
  newRole,
  roleInput,
  type RoleErrors,
  roleServerErrors,
  type RoleValues,
  validateRole,
  validateRoleField,
} from '@/features/officials/official-validation';
import { RoleFields, useFederationChoices, useOfficialRoles } from '@/features/officials/role-fields';

interface OfficialRoleFormProps {
  official: OfficialDetail;
  /** The role being edited; none when adding one. */
  role: FederationOfficial | null;
  onSaved: (role: FederationOfficial) => void;
  onCancel: () => void;
}

const valuesOf = (role: FederationOfficial | null): RoleValues =>
  role
    ? { federationId: role.federationId, roles: [...role.roles], activeFrom: role.activeFrom, activeTo: role.activeTo ?? '' }
    : newRole();

/**
 * An official's roles in one federation (spec 01 §2 Official role form): POST or PUT
 * /api/FederationOfficials. Federations the official holds already are shown disabled.
 */
export function OfficialRoleForm({ official, role, onSaved, onCancel }: OfficialRoleFormProps) {
  const [values, setValues] = useState<RoleValues>(() => valuesOf(role));
  const [errors, setErrors] = useState<RoleErrors>({});
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const federations = useFederationChoices();
  const roleItems = useOfficialRoles();
  const held = official.federations.filter((f) => f.id !== role?.id).map((f) => f.federationId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRole(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const input = roleInput(values, official.id);
      const saved = role ? await updateFederationOfficial(role.id, input) : await createFederationOfficial(input);
      void showSuccess('Official successfully saved.');
      setDirty(false);
      onSaved(saved);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      if (error instanceof ApiRequestError) setErrors(roleServerErrors(error.fieldErrors));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="pd-drawer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          <RoleFields
            idPrefix="official-role"
            values={values}
            errors={errors}
            onChange={(next, field) => {
              setValues(next);
              setDirty(true);
              setErrors((current) => ({
                ...current,
                [field]: validateRoleField(field, next),
                ...(field === 'federationId' ? { roles: undefined } : {}),
              }));
            }}
            federations={federations}
            roleItems={roleItems}
            disabledFederationIds={held}
            federationRequired={role === null}
          />
        </div>
      </div>
      <FormFooter dirty={dirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}
