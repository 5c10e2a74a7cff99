import { FormGroup, Intent } from '@blueprintjs/core';
import '@/features/officials/officials.css';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { DateField } from '@/components/form-fields/form-fields';
import { MultiPicker, Picker, toggled } from '@/components/picker/picker';
import { loadFederations, lookups, type NamedItem } from '@/state/lookups';
import { choosable, mayGiveRolesIn, useProfile } from '@/lib/ownership';
import { type CodeItem, loadOfficialRoles, type OfficialRole } from '@/features/officials/officials-api';
import type { RoleErrors, RoleField, RoleValues } from '@/features/officials/official-validation';

/** The official role codes, loaded once. */
export function useOfficialRoles(): CodeItem[] {
  const [roles, setRoles] = useState<CodeItem[]>([]);
  useEffect(() => {
    let current = true;
    void loadOfficialRoles().then((items) => current && setRoles(items));
    return () => {
      current = false;
    };
  }, []);
  return roles;
}

/**
 * The federations the signed-in user may give official roles in: all for an admin, otherwise
 * those of the user's access (a federation user's own federation).
 */
export function useFederationChoices(): readonly NamedItem[] {
  const { federations } = useSnapshot(lookups);
  const profile = useProfile();
  useEffect(() => {
    void loadFederations();
  }, []);
  return choosable(profile, federations, mayGiveRolesIn);
}

/** The role's period; Active from cannot be cleared: an empty value keeps the date it had. */
const PERIOD_FIELDS = [
  { field: 'activeFrom', idSuffix: 'active-from', label: 'Active from', clearable: false },
  { field: 'activeTo', idSuffix: 'active-to', label: 'Active to', clearable: true },
] as const;

interface RoleFieldsProps {
  idPrefix: string;
  values: RoleValues;
  errors: RoleErrors;
  onChange: (next: RoleValues, changed: RoleField) => void;
  federations: readonly NamedItem[];
  roleItems: readonly CodeItem[];
  /** Federations the official holds already (or chosen in another row): shown, not choosable. */
  disabledFederationIds?: readonly number[];
  /** The federation cannot be changed (a fixed federation, or an existing role). */
  federationLocked?: boolean;
  /** The federation field is marked required (when adding). */
  federationRequired?: boolean;
  disabled?: boolean;
}

/**
 * One official role (spec 01 §2 Official role form): Federation, Roles (several), Active from
 * (today by default, never empty) and Active to. Choosing another federation clears the roles.
 */
export function RoleFields({
  idPrefix,
  values,
  errors,
  onChange,
  federations,
  roleItems,
  disabledFederationIds = [],
  federationLocked = false,
  federationRequired = true,
  disabled = false,
}: RoleFieldsProps) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const intent = (field: RoleField) => (errors[field] ? Intent.DANGER : Intent.NONE);
  const selectedFederation =
    values.federationId === null
      ? null
      : (federations.find((item) => item.id === values.federationId) ??
        lookups.federations.find((item) => item.id === values.federationId) ?? {
          id: values.federationId,
          name: `Federation ${values.federationId}`,
        });
  const selectedRoles = values.roles.map(
    (roleId) => roleItems.find((item) => item.id === roleId) ?? { id: roleId, name: String(roleId), label: String(roleId) },
  );

  const toggleRole = (role: CodeItem) => onChange({ ...values, roles: toggled(values.roles, role.id as OfficialRole) }, 'roles');

  return (
    <>
      <FormGroup
        label="Federation"
        labelFor={id('federation')}
        labelInfo={federationRequired && !federationLocked ? '*' : undefined}
        intent={intent('federationId')}
        helperText={errors.federationId}
      >
        <Picker<NamedItem>
          id={id('federation')}
          items={federations}
          view={(federation) => ({ key: federation.id, text: federation.name })}
          itemDisabled={(federation) => federation.id !== values.federationId && disabledFederationIds.includes(federation.id)}
          selected={selectedFederation}
          onSelect={(federation) => {
            // Another federation clears the chosen roles (spec 01 §2).
            if (federation.id !== values.federationId) onChange({ ...values, federationId: federation.id, roles: [] }, 'federationId');
          }}
          disabled={disabled || federationLocked}
          intent={intent('federationId')}
          placeholder="Choose a federation"
        />
      </FormGroup>
      <FormGroup label="Roles" labelFor={id('roles')} labelInfo="*" intent={intent('roles')} helperText={errors.roles}>
        <MultiPicker<CodeItem>
          id={id('roles')}
          items={roleItems}
          view={(role) => ({ key: role.id, text: role.label, icon: values.roles.includes(role.id as OfficialRole) ? 'tick' : 'blank' })}
          selected={selectedRoles}
          onToggle={toggleRole}
          disabled={disabled}
          intent={intent('roles')}
          placeholder="Choose roles"
        />
      </FormGroup>
      <div className="pd-official-dates">
        {PERIOD_FIELDS.map(({ field, idSuffix, label, clearable }) => (
          <DateField
            key={field}
            id={id(idSuffix)}
            label={label}
            value={values[field]}
            error={errors[field]}
            disabled={disabled}
            clearable={clearable}
            onChange={(date) => onChange({ ...values, [field]: date }, field)}
          />
        ))}
      </div>
    </>
  );
}
