import { Classes } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '@/api/client';
import { FormFooter } from '@/components/form-footer/form-footer';
import { LogoUpload } from '@/components/logo-upload/logo-upload';
import { serverFieldErrors, useShownErrors } from '@/components/profile-picker/form-errors';
import { PersonFields } from '@/components/profile-picker/person-fields';
import {
  type Person,
  personInput,
  personValues,
  type PersonValues,
  validatePerson,
} from '@/components/profile-picker/person-validation';
import { showError, showSuccess } from '@/lib/toaster';

export const PERSON_SAVED = 'Person successfully saved.';

interface PersonFormProps {
  person: Person;
  onSaved: (person: Person) => void;
  onCancel: () => void;
}

/** Edits a person's personal information and photo (PUT /api/Persons/{id}). */
export function PersonForm({ person, onSaved, onCancel }: PersonFormProps) {
  const [values, setValues] = useState<PersonValues>(() => personValues(person));
  const [photo, setPhoto] = useState<string | null>(person.photo ?? null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const errors = useShownErrors();
  const clientErrors = validatePerson(values);
  const shown = errors.shown(clientErrors);

  const change = (patch: Partial<PersonValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setDirty(true);
    errors.touch(...Object.keys(patch));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    errors.showAll();
    if (Object.keys(clientErrors).length > 0) return;
    setSaving(true);
    try {
      const saved = await api.put<Person>(`/api/Persons/${person.id}`, personInput(values, photo));
      void showSuccess(PERSON_SAVED);
      setDirty(false);
      onSaved(saved);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
      errors.setServer(serverFieldErrors(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="pd-drawer-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          <PersonFields idPrefix="person" values={values} errors={shown} onChange={change} />
          <LogoUpload
            id="person-photo"
            label="Photo"
            photo
            value={photo}
            error={shown.photo}
            onChange={(next) => {
              setPhoto(next);
              setDirty(true);
            }}
          />
        </div>
      </div>
      <FormFooter dirty={dirty} saving={saving} onCancel={onCancel} />
    </form>
  );
}
