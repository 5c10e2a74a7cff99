import { Classes } from '@blueprintjs/core';
import { FormFooter } from '@/components/form-footer/form-footer';
import { showSuccess } from '@/lib/toaster';
import {
  type CompetitionDetail,
  type CompetitionTeam,
  createCompetitionTeam,
  updateCompetitionTeam,
} from '@/features/competitions/competitions-api';
import { checkText, optionalText, TEXT_LIMIT } from '@/lib/text-rules';
import { CheckField, Field, TextField } from '@/components/form-fields/form-fields';
import { ItemSuggest } from '@/features/competitions/item-suggest';
import { listTeams, useLoaded } from '@/features/competitions/reference-lookups';
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
  const form = useEntityForm<CompetitionTeamValues, Field>({
    initial: () => ({
      teamId: entry?.teamId ?? null,
      description: entry?.description ?? '',
      isSeed: entry?.isSeed ?? false,
      isDisqualified: entry?.isDisqualified ?? false,
    }),
    fields: FIELDS,
    check,
  });
  const { values, errors, change } = form;
  const federationId = competition.isInternational ? null : competition.federationId;
  const teams = useLoaded(() => listTeams(federationId), federationId ?? 'all');
  const entered = competition.competitionTeams.map((other) => other.teamId).filter((teamId) => teamId !== entry?.teamId);

  const save = form.submit(async (current) => {
    const input = {
      competitionId: competition.id,
      teamId: current.teamId,
      description: optionalText(current.description),
      isSeed: current.isSeed,
      isDisqualified: current.isDisqualified,
    };
    const saved = entry ? await updateCompetitionTeam(entry.id, input) : await createCompetitionTeam(input);
    void showSuccess('Competition team successfully saved.');
    onSaved(saved);
  });

  return (
    <form className="pd-drawer-form" onSubmit={(event) => void save(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          <Field id="competition-team-team" label="Team" required error={errors.teamId}>
            <ItemSuggest
              id="competition-team-team"
              items={teams}
              selectedId={values.teamId}
              fallbackText={entry?.team?.name}
              disabledIds={entered}
              disabled={entry !== null}
              placeholder="Choose a team"
              intent={errors.teamId ? 'danger' : 'none'}
              onChange={(team) => change({ teamId: team.id })}
            />
          </Field>
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
        </div>
      </div>
      <FormFooter dirty={form.dirty} saving={form.saving} onCancel={onCancel} />
    </form>
  );
}
