import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { SameNameWarning } from '@/components/same-name/same-name-warning';
import { LogoUpload } from '@/components/logo-upload/logo-upload';
import { checkAll } from '@/lib/form-errors';
import { CheckField, DateField, Field } from '@/components/form-fields/form-fields';
import { ItemMultiSelect } from '@/components/item-suggest/item-suggest';
import { PlaceFields, TextFields } from '@/components/org-fields/org-fields';
import { CONTACT_KEYS } from '@/lib/text-values';
import { listCategories, useLoaded } from '@/lib/reference-lookups';
import { useEntityForm } from '@/lib/use-entity-form';
import { allFederations } from '@/lib/entity-refs';
import { createFederation, type Federation, updateFederation } from '@/features/federations/federations-api';
import {
  checkFederationField,
  FEDERATION_FIELDS,
  type FederationValues,
  initialFederationValues,
  toFederationInput,
} from '@/features/federations/federation-validation';

interface FederationFormProps {
  /** The federation being edited (its details, with the logo); none when adding one. */
  federation: Federation | null;
  onSaved: (federation: Federation) => void;
  onCancel: () => void;
}

/** Add or edit a federation: every field of spec 01 §3, the rules of §5. */
export function FederationForm({ federation, onSaved, onCancel }: FederationFormProps) {
  const form = useEntityForm({
    initial: () => initialFederationValues(federation),
    validate: (values: FederationValues) => checkAll(values, FEDERATION_FIELDS, checkFederationField),
    save: (values: FederationValues) => {
      const input = toFederationInput(values);
      return federation ? updateFederation(federation.id, input) : createFederation(input);
    },
    successText: 'Federation successfully saved.',
    onSaved,
  });
  const { values, errors, change } = form;
  const categories = useLoaded(listCategories, 'categories');

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <TextFields form={form} idPrefix="federation" keys={['name', 'nameUniversal', 'shortName', 'description', 'president', 'secretary']} />
      <SameNameWarning
        what="federation"
        path="/federations"
        names={[values.name, values.nameUniversal]}
        list={allFederations}
        ignoreId={federation?.id}
      />
      <PlaceFields form={form} idPrefix="federation" countryRequired savedCityName={federation?.city?.name ?? null} />
      <DateField
        id="federation-activeFrom"
        label="Active from"
        required
        value={values.activeFrom}
        error={errors.activeFrom}
        onChange={(activeFrom) => change({ activeFrom }, ['activeFrom', 'activeTo'])}
      />
      <DateField
        id="federation-activeTo"
        label="Active to"
        value={values.activeTo}
        error={errors.activeTo}
        onChange={(activeTo) => change({ activeTo })}
      />
      <Field id="federation-categories" label="Categories" error={errors.categories}>
        <ItemMultiSelect
          id="federation-categories"
          items={categories}
          selectedIds={values.categories}
          placeholder="Choose categories"
          onChange={(ids) => change({ categories: ids })}
        />
      </Field>
      <TextFields form={form} idPrefix="federation" keys={CONTACT_KEYS} />
      <CheckField id="federation-isPro" label="Professional" checked={values.isPro} onChange={(isPro) => change({ isPro })} />
      <LogoUpload id="federation-logo" value={values.logo} error={errors.logo} onChange={(logo) => change({ logo })} />
    </DrawerForm>
  );
}
