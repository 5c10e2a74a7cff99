import { api } from '@/api/client';
import { DrawerForm } from '@/components/entity-drawer/drawer-form';
import { LogoUpload } from '@/components/logo-upload/logo-upload';
import { PersonFields } from '@/components/profile-picker/person-fields';
import {
  type Person,
  personInput,
  personValues,
  type PersonValues,
  validatePerson,
} from '@/components/profile-picker/person-validation';
import { useEntityForm } from '@/lib/use-entity-form';

export const PERSON_SAVED = 'Person successfully saved.';

interface PersonFormProps {
  person: Person;
  onSaved: (person: Person) => void;
  onCancel: () => void;
}

/** Edits a person's personal information and photo (PUT /api/Persons/{id}). */
export function PersonForm({ person, onSaved, onCancel }: PersonFormProps) {
  const form = useEntityForm({
    initial: () => ({ ...personValues(person), photo: person.photo ?? null }),
    validate: validatePerson,
    save: (values: PersonValues & { photo: string | null }) =>
      api.put<Person>(`/api/Persons/${person.id}`, personInput(values, values.photo)),
    successText: PERSON_SAVED,
    onSaved,
  });
  const { values, errors, change } = form;

  return (
    <DrawerForm form={form} onCancel={onCancel}>
      <PersonFields idPrefix="person" values={values} errors={errors} onChange={(patch) => change(patch)} />
      <LogoUpload id="person-photo" label="Photo" photo value={values.photo} error={errors.photo} onChange={(photo) => change({ photo })} />
    </DrawerForm>
  );
}
