import { Radio, RadioGroup } from '@blueprintjs/core';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { SameNameWarning } from '@/components/same-name/same-name-warning';
import { LogoUpload } from '@/components/logo-upload/logo-upload';
import { checkAll } from '@/lib/form-errors';
import { choosable, mayChooseFederation, useOnlyChoice, useProfile } from '@/lib/ownership';
import {
  type Competition,
  createCompetition,
  updateCompetition,
} from '@/features/competitions/competitions-api';
import {
  checkCompetitionField,
  COMPETITION_FIELDS,
  type CompetitionValues,
  initialCompetitionValues,
  MAX_POINTS,
  POINTS,
  toCompetitionInput,
} from '@/features/competitions/competition-validation';
import { CheckField, DateField, Field, NumberField } from '@/components/form-fields/form-fields';
import { ItemField, PlaceFields, TextFields } from '@/components/org-fields/org-fields';
import {
  listCategories,
  listCompetitionTypes,
  listFederations,
  useLoaded,
} from '@/lib/reference-lookups';
import { useEntityForm } from '@/lib/use-entity-form';
import { allCompetitions } from '@/lib/entity-refs';

interface CompetitionFormProps {
  /** The competition being edited; none when adding one. */
  competition: Competition | null;
  /** A federation the new competition belongs to; the picker is then locked (federation page). */
  fixedFederationId?: number;
  onSaved: (competition: Competition) => void;
  onCancel: () => void;
}

/** Add or edit a competition: every field of spec 01 §3, the rules of §5, and the standings points. */
export function CompetitionForm({ competition, fixedFederationId, onSaved, onCancel }: CompetitionFormProps) {
  const profile = useProfile();
  const form = useEntityForm({
    initial: () => initialCompetitionValues(competition, fixedFederationId),
    validate: (values: CompetitionValues) => checkAll(values, COMPETITION_FIELDS, checkCompetitionField),
    save: (values: CompetitionValues) => {
      const input = toCompetitionInput(values);
      return competition ? updateCompetition(competition.id, input) : createCompetition(input);
    },
    successText: 'Competition successfully saved.',
    onSaved,
  });
  const { values, errors, change, preset } = form;

  const federations = useLoaded(listFederations, 'federations');
  const categories = useLoaded(listCategories, 'categories');
  const types = useLoaded(listCompetitionTypes, 'types');
  // A federation account places competitions in its own federations only; the server agrees.
  // A new competition starts in the only one there is to choose.
  const federationChoices = federations && choosable(profile, federations, mayChooseFederation, competition?.federationId);
  useOnlyChoice(competition === null && values.federationId === null ? federationChoices : null, (federation) =>
    preset({ federationId: federation.id }),
  );

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <TextFields form={form} idPrefix="competition" keys={['name', 'nameUniversal', 'shortName', 'description', 'season']} />
      <SameNameWarning
        what="competition"
        path="/competitions"
        names={[values.name, values.nameUniversal]}
        list={allCompetitions}
        ignoreId={competition?.id}
      />
      <ItemField
        id="competition-federation"
        label="Federation"
        required
        error={errors.federationId}
        items={federationChoices}
        selectedId={values.federationId}
        fallbackText={competition?.federation?.name}
        placeholder="Choose a federation"
        disabled={fixedFederationId !== undefined}
        onChange={(federation) => change({ federationId: federation.id })}
      />
      <ItemField id="competition-category" label="Category" items={categories} selectedId={values.categoryId}
        fallbackText={competition?.category?.name} placeholder="Choose a category"
        onChange={(category) => change({ categoryId: category.id })} />
      <ItemField id="competition-type" label="Competition type" items={types} selectedId={values.competitionTypeId}
        fallbackText={competition?.competitionType?.name} placeholder="Choose a competition type"
        onChange={(type) => change({ competitionTypeId: type.id })} />
      <DateField
        id="competition-startDate"
        label="Start date"
        value={values.startDate}
        error={errors.startDate}
        onChange={(startDate) => change({ startDate }, ['startDate', 'endDate'])}
      />
      <DateField
        id="competition-endDate"
        label="End date"
        value={values.endDate}
        error={errors.endDate}
        onChange={(endDate) => change({ endDate })}
      />
      <PlaceFields form={form} idPrefix="competition" savedCityName={competition?.city?.name ?? null} />
      <TextFields
        form={form}
        idPrefix="competition"
        keys={['venue', 'address', 'phone', 'web', 'email', 'facebook', 'twitter', 'instagram', 'youtube']}
      />
      <Field id="competition-language" label="Match log template language">
        <RadioGroup
          inline
          name="competition-language"
          selectedValue={values.matchLogTemplateLanguage}
          onChange={(event) => change({ matchLogTemplateLanguage: event.currentTarget.value === 'rs' ? 'rs' : 'en' })}
        >
          <Radio label="en" value="en" />
          <Radio label="rs" value="rs" />
        </RadioGroup>
      </Field>
      <CheckField id="competition-isPro" label="Professional" checked={values.isPro} onChange={(isPro) => change({ isPro })} />
      <CheckField
        id="competition-isInternational"
        label="International"
        checked={values.isInternational}
        onChange={(isInternational) => change({ isInternational })}
      />
      <CheckField
        id="competition-pin"
        label="Game log PIN confirmation required"
        checked={values.gameLogPinConfirmationRequired}
        onChange={(gameLogPinConfirmationRequired) => change({ gameLogPinConfirmationRequired })}
      />
      <CheckField
        id="competition-isPublic"
        label="Public (anyone may follow its matches live without signing in)"
        checked={values.isPublic}
        onChange={(isPublic) => change({ isPublic })}
      />
      {POINTS.map(({ field, label }) => (
        <NumberField
          key={field}
          id={`competition-${field}`}
          label={label}
          required
          min={0}
          max={MAX_POINTS}
          value={values[field]}
          error={errors[field]}
          onChange={(value) => change({ [field]: value })}
        />
      ))}
      <LogoUpload
        id="competition-logo"
        value={values.logo}
        error={errors.logo}
        onChange={(logo) => change({ logo })}
      />
    </DrawerForm>
  );
}
