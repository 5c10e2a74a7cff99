import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import { DayInput, Field, intentOf, NumberField, TextField } from '@/components/form-fields/form-fields';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { PickerField } from '@/components/entity-pickers/entity-pickers';
import { choosable, LOCKED_NOTES, mayChooseCompetition, mayReassign, useOnlyChoice, useProfile } from '@/lib/ownership';
import { checkAll } from '@/lib/form-errors';
import type { ToastAction } from '@/lib/toaster';
import { useEntityForm } from '@/lib/use-entity-form';
import { useCompetitionNames } from '@/features/matches/matches-api';
import {
  checkMatchField,
  emptyMatchValues,
  MATCH_FIELDS,
  matchInput,
  matchValuesOf,
  type MatchValues,
} from '@/features/matches/match-validation';

interface Named {
  id: number;
  name: string;
}

interface MatchFormProps {
  /** The match being edited; none when adding one. */
  match?: Schemas['Match'] | null;
  /** The competition a new match is fixed to (its page's Add match); chosen in the form otherwise. */
  competition?: Named;
  /** Told of the saved match; what it answers is offered on the toast. */
  onSaved: (saved: { id: number }) => ToastAction | void;
  onCancel: () => void;
}

interface IdSelectProps {
  id: string;
  value: number | null;
  /** The choices by id, the first (value '') for none. */
  options: { value: string; label: string }[];
  onChange: (id: number | null) => void;
  disabled?: boolean;
}

/** A select of records by id; the empty choice is null. */
function IdSelect({ id, value, options, onChange, disabled }: IdSelectProps) {
  return (
    <HTMLSelect
      id={id}
      fill
      disabled={disabled}
      value={value === null ? '' : String(value)}
      options={options}
      onChange={(event) => onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
    />
  );
}

/** The teams entered in a competition, by name. */
async function competitionTeams(competitionId: number): Promise<Named[]> {
  const detail = await api.get<Schemas['CompetitionDetail']>(`/api/Competitions/${competitionId}`);
  return detail.competitionTeams.map((entry) => ({ id: entry.teamId, name: entry.team?.name ?? `#${entry.teamId}` }));
}

/**
 * The Add match and Edit match form (spec 02 §5 "Match form"): the competition, then its home and away teams
 * (each list without the other's choice), the start, venue, round, game number, segment length
 * and description. A new match is Not_Started; an edited one keeps its status. A competition's
 * own Add match fixes the competition.
 */
export function MatchForm({ match = null, competition, onSaved, onCancel }: MatchFormProps) {
  const form = useEntityForm({
    initial: () => (match ? matchValuesOf(match) : { ...emptyMatchValues(), competitionId: competition?.id ?? null }),
    validate: (values: MatchValues) => checkAll(values, MATCH_FIELDS, checkMatchField),
    save: async (valid: MatchValues) => {
      if (match) {
        // The whole match goes back: what the form does not show, and the status, stay as they are.
        await api.put(`/api/Matches/${match.id}`, {
          ...matchInput(valid),
          countryId: match.countryId ?? null,
          cityId: match.cityId ?? null,
          matchSegmentId: match.matchSegmentId,
          endDate: match.endDate ?? null,
          statusId: match.statusId,
        });
      } else {
        return await api.post<{ id: number }>('/api/Matches', matchInput(valid));
      }
      return { id: match.id };
    },
    successText: 'Match successfully saved.',
    onSaved,
  });
  const { values, errors, change, preset } = form;
  const profile = useProfile();
  // Federation staff schedule in their own federations' competitions; an official keeps the
  // match's competition and teams. A new match starts in the only competition there is.
  const names = useCompetitionNames();
  const listed = choosable(profile, names, mayChooseCompetition, match?.competitionId);
  const competitions = competition ? [competition] : listed;
  const kept = match !== null && profile !== null && !mayReassign(profile);
  useOnlyChoice(match === null && competition === undefined && values.competitionId === null ? listed : null, (only) =>
    preset({ competitionId: only.id }),
  );
  const [teams, setTeams] = useState<{ competitionId: number; teams: Named[] } | null>(null);

  useEffect(() => {
    if (values.competitionId === null) return undefined;
    const competitionId = values.competitionId;
    let current = true;
    competitionTeams(competitionId).then(
      (list) => current && setTeams({ competitionId, teams: list }),
      () => current && setTeams({ competitionId, teams: [] }),
    );
    return () => {
      current = false;
    };
  }, [values.competitionId]);

  const entered = teams !== null && teams.competitionId === values.competitionId ? teams.teams : [];
  const teamOptions = (excluded: number | null) => [
    { value: '', label: 'Choose a team' },
    ...entered.filter((team) => team.id !== excluded).map((team) => ({ value: String(team.id), label: team.name })),
  ];

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <PickerField
        id="match-competition"
        label="Competition"
        required
        error={errors.competitionId}
        note={kept ? LOCKED_NOTES.matchFixture : undefined}
      >
        <IdSelect
          id="match-competition"
          disabled={competition !== undefined || kept}
          value={values.competitionId}
          options={[{ value: '', label: 'Choose a competition' }, ...competitions.map((c) => ({ value: String(c.id), label: c.name }))]}
          onChange={(competitionId) => change({ competitionId, homeTeamId: null, awayTeamId: null }, ['competitionId'])}
        />
      </PickerField>
      <Field id="match-home" label="Home team" required error={errors.homeTeamId}>
        <IdSelect
          id="match-home"
          disabled={kept}
          value={values.homeTeamId}
          options={teamOptions(values.awayTeamId)}
          onChange={(homeTeamId) => change({ homeTeamId })}
        />
      </Field>
      <Field id="match-away" label="Away team" required error={errors.awayTeamId}>
        <IdSelect
          id="match-away"
          disabled={kept}
          value={values.awayTeamId}
          options={teamOptions(values.homeTeamId)}
          onChange={(awayTeamId) => change({ awayTeamId })}
        />
      </Field>
      <Field id="match-start" label="Start" required error={errors.startDay ?? errors.startTime}>
        <div style={{ display: 'flex', gap: 8 }}>
          <DayInput id="match-start" ariaLabel="Start day" value={values.startDay} invalid={Boolean(errors.startDay)} onChange={(startDay) => change({ startDay })} />
          <InputGroup
            aria-label="Start time"
            placeholder="HH:mm"
            value={values.startTime}
            intent={intentOf(errors.startTime)}
            onValueChange={(startTime) => change({ startTime })}
          />
        </div>
      </Field>
      <TextField id="match-venue" label="Venue" value={values.venue} error={errors.venue} onChange={(venue) => change({ venue })} />
      <TextField id="match-round" label="Round" value={values.round} error={errors.round} onChange={(round) => change({ round })} />
      <TextField id="match-number" label="Game number" value={values.number} error={errors.number} onChange={(number) => change({ number })} />
      <NumberField
        id="match-segment-length"
        label="Match segment length"
        required
        min={1}
        max={60}
        value={values.matchSegmentLength}
        error={errors.matchSegmentLength}
        onChange={(matchSegmentLength) => change({ matchSegmentLength })}
      />
      <TextField
        id="match-description"
        label="Description"
        multiline
        value={values.description}
        onChange={(description) => change({ description })}
      />
    </DrawerForm>
  );
}
