import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { useEntityForm } from '@/lib/use-entity-form';
import { soleFederation, useProfile } from '@/lib/ownership';
import {
  createFederationOfficial,
  type FederationOfficial,
  type OfficialDetail,
  updateFederationOfficial,
} from '@/features/officials/officials-api';
import {
  newRole,
  roleInput,
  type RoleValues,
  validateRole,
} from '@/features/officials/official-validation';
import { RoleFields, useFederationChoices, useOfficialRoles } from '@/features/officials/role-fields';

interface OfficialRoleFormProps {
  official: OfficialDetail;
  /** The role being edited; none when adding one. */
  role: FederationOfficial | null;
  onSaved: (role: FederationOfficial) => void;
  onCancel: () => void;
}

/** The role's values; a new one starts in `startIn` (the user's one federation, when the official has no role there). */
const valuesOf = (role: FederationOfficial | null, startIn: number | null): RoleValues =>
  role
    ? { federationId: role.federationId, roles: [...role.roles], activeFrom: role.activeFrom, activeTo: role.activeTo ?? '' }
    : newRole(startIn);

/**
 * An official's roles in one federation (spec 01 §2 Official role form): POST or PUT
 * /api/FederationOfficials. Federations the official holds already are shown disabled.
 */
export function OfficialRoleForm({ official, role, onSaved, onCancel }: OfficialRoleFormProps) {
  const held = official.federations.filter((f) => f.id !== role?.id).map((f) => f.federationId);
  const sole = soleFederation(useProfile());
  const form = useEntityForm({
    initial: () => valuesOf(role, sole !== undefined && !held.includes(sole) ? sole : null),
    validate: validateRole,
    save: (values: RoleValues) => {
      const input = roleInput(values, official.id);
      return role ? updateFederationOfficial(role.id, input) : createFederationOfficial(input);
    },
    successText: 'Official successfully saved.',
    onSaved,
  });
  const federations = useFederationChoices();
  const roleItems = useOfficialRoles();

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <RoleFields
        idPrefix="official-role"
        values={form.values}
        errors={form.errors}
        onChange={(next, field) => form.change(next, [field])}
        federations={federations}
        roleItems={roleItems}
        disabledFederationIds={held}
        federationRequired={role === null}
      />
    </DrawerForm>
  );
}
