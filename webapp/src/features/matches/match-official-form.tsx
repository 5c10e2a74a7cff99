import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { ItemField } from '@/components/org-fields/org-fields';
import { checkAll } from '@/lib/form-errors';
import { OFFICIAL_ROLE_CHOICES, type OfficialRole } from '@/lib/match-codes';
import { useLoaded } from '@/lib/reference-lookups';
import { useEntityForm } from '@/lib/use-entity-form';
import type { Match } from '@/features/matches/matches-api';
import {
  createMatchOfficial,
  type MatchOfficial,
  OFFICIAL_REQUIRED,
  officialsOf,
  ROLE_REQUIRED,
  updateMatchOfficial,
} from '@/features/matches/match-officials-api';

export interface MatchOfficialValues {
  officialId: number | null;
  roleId: OfficialRole | null;
}

const FIELDS = ['officialId', 'roleId'] as const;

function check(field: (typeof FIELDS)[number], values: MatchOfficialValues): string | undefined {
  if (field === 'officialId') return values.officialId === null ? OFFICIAL_REQUIRED : undefined;
  return values.roleId === null ? ROLE_REQUIRED : undefined;
}

/** The messages of the match official form (spec 02 §5): both fields are required. */
export const checkMatchOfficial = (values: MatchOfficialValues) => checkAll(values, FIELDS, check);

interface MatchOfficialFormProps {
  match: Pick<Match, 'id' | 'federationId' | 'officials'>;
  /** The match official being edited; none when adding one. */
  entry: MatchOfficial | null;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * A match official (spec 02 §5 Match official form): an official of the match's federation and
 * a role. Officials the match has already are shown disabled.
 */
export function MatchOfficialForm({ match, entry, onSaved, onCancel }: MatchOfficialFormProps) {
  const form = useEntityForm({
    initial: (): MatchOfficialValues => ({ officialId: entry?.officialId ?? null, roleId: entry?.roleId ?? null }),
    validate: checkMatchOfficial,
    save: (values: MatchOfficialValues) => {
      const input = { matchId: match.id, officialId: values.officialId, roleId: values.roleId };
      return entry ? updateMatchOfficial(entry.id, input) : createMatchOfficial(input);
    },
    successText: 'Official successfully saved.',
    onSaved,
  });
  const { values, errors, change } = form;
  const federationId = match.federationId ?? null;
  const officials = useLoaded(
    async () => (await officialsOf(federationId)).map((official) => ({ id: official.id, name: `${official.name} ${official.surname}` })),
    federationId ?? 'all',
  );
  const assigned = match.officials.map((other) => other.officialId).filter((officialId) => officialId !== entry?.officialId);

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <ItemField
        id="match-official-official"
        label="Official"
        required
        error={errors.officialId}
        items={officials}
        selectedId={values.officialId}
        fallbackText={entry?.official ? `${entry.official.name} ${entry.official.surname}` : undefined}
        disabledIds={assigned}
        placeholder="Choose an official"
        onChange={(official) => change({ officialId: official.id })}
      />
      <ItemField
        id="match-official-role"
        label="Role"
        required
        error={errors.roleId}
        items={OFFICIAL_ROLE_CHOICES}
        selectedId={values.roleId}
        placeholder="Choose a role"
        onChange={(role) => change({ roleId: role.id as OfficialRole })}
      />
    </DrawerForm>
  );
}
