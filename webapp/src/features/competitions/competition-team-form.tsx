import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { checkAll } from '@/lib/form-errors';
import {
  type CompetitionDetail,
  type CompetitionTeam,
  createCompetitionTeam,
  updateCompetitionTeam,
} from '@/features/competitions/competitions-api';
import { checkText, optionalText, TEXT_LIMIT } from '@/lib/text-rules';
import { CheckField, TextField } from '@/components/form-fields/form-fields';
import { ItemField } from '@/components/org-fields/org-fields';
import { listTeams, useLoaded } from '@/lib/reference-lookups';
import { useEntityForm } from '@/lib/use-entity-form';

export const TEAM_REQUIRED = 'Team field is required!';

interface CompetitionTeamValues {
  teamId: number | null;
  description: string;
  isSeed: boolean;
  isDisqualified: boolean;
}

const FIELDS = ['teamId', 'description'] as const;
type Field = (typeof FIELDS)[number];

function check(field: Field, values: CompetitionTeamValues): string | undefined {
  if (field === 'teamId') return values.teamId === null ? TEAM_REQUIRED : undefined;
  return checkText(values.description, { max: TEXT_LIMIT });
}

interface CompetitionTeamFormProps {
  competition: CompetitionDetail;
  /** The entry being edited; none when adding a team. */
  entry: CompetitionTeam | null;
  onSaved: (entry: CompetitionTeam) => void;
  onCancel: () => void;
}

/**
 * A team's entry in a competition: the team, a description and whether it is seeded or
 * disqualified. A national competition takes teams of its federation, an international one any
 * team; teams already in the competition cannot be chosen again.
 */
export function CompetitionTeamForm({ competition, entry, onSaved, onCancel }: CompetitionTeamFormProps) {
  const form = useEntityForm({
    initial: () => ({
      teamId: entry?.teamId ?? null,
      description: entry?.description ?? '',
      isSeed: entry?.isSeed ?? false,
      isDisqualified: entry?.isDisqualified ?? false,
    }),
    validate: (values: CompetitionTeamValues) => checkAll(values, FIELDS, check),
    save: (values: CompetitionTeamValues) => {
      const input = {
        competitionId: competition.id,
        teamId: values.teamId,
        description: optionalText(values.description),
        isSeed: values.isSeed,
        isDisqualified: values.isDisqualified,
      };
      return entry ? updateCompetitionTeam(entry.id, input) : createCompetitionTeam(input);
    },
    successText: 'Competition team successfully saved.',
    onSaved,
  });
  const { values, errors, change } = form;
  const federationId = competition.isInternational ? null : competition.federationId;
  const teams = useLoaded(() => listTeams(federationId), federationId ?? 'all');
  const entered = competition.competitionTeams.map((other) => other.teamId).filter((teamId) => teamId !== entry?.teamId);

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <ItemField
        id="competition-team-team"
        label="Team"
        required
        error={errors.teamId}
        items={teams}
        selectedId={values.teamId}
        fallbackText={entry?.team?.name}
        disabledIds={entered}
        disabled={entry !== null}
        placeholder="Choose a team"
        onChange={(team) => change({ teamId: team.id })}
      />
      <TextField
        id="competition-team-description"
        label="Description"
        multiline
        value={values.description}
        error={errors.description}
        onChange={(description) => change({ description })}
      />
      <CheckField id="competition-team-seed" label="Seed" checked={values.isSeed} onChange={(isSeed) => change({ isSeed })} />
      <CheckField
        id="competition-team-disqualified"
        label="Disqualified"
        checked={values.isDisqualified}
        onChange={(isDisqualified) => change({ isDisqualified })}
      />
    </DrawerForm>
  );
}
