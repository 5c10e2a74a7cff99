import { Button, FileInput, FormGroup, InputGroup, Intent, MenuItem } from '@blueprintjs/core';
import '@/features/officials/officials.css';
import { type ItemPredicate, type ItemRenderer, Suggest } from '@blueprintjs/select';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '@/api/client';
import type { Schemas } from '@/api/types';
import { CountrySuggest, NO_OPTIONS_TEXT } from '@/components/country-suggest/country-suggest';
import { logoSrc, NOT_PNG, pngHeaderSize, toBase64 } from '@/components/logo-upload/png';
import { foldText } from '@/lib/list-query';
import { loadCountries, lookups } from '@/state/lookups';
import type { PersonErrors, PersonField, PersonValues } from '@/features/officials/person-validation';

type City = Schemas['City'];

/** Spec 01 §5 Person: a photo is a PNG; the server takes up to 2048×2048. */
export const PHOTO_MAX_SIDE = 2048;
export const PHOTO_TOO_BIG = 'Image resolution is too big. Max resolution is 2048x2048.';
const PHOTO_PREVIEW_HEIGHT = 110;

interface PersonFieldsProps {
  /** Prefix of the inputs' ids, e.g. `official-person`. */
  idPrefix: string;
  values: PersonValues;
  errors: PersonErrors;
  onChange: <F extends PersonField>(field: F, value: PersonValues[F], also?: Partial<PersonValues>) => void;
  /** Called when the name or surname field loses focus (same-name suggestions). */
  onNameBlur?: () => void;
  disabled?: boolean;
}

const cityCache = new Map<number, Promise<City[]>>();

/** The cities of a country (GET /api/Countries/{id}), once per country. */
function citiesOf(countryId: number): Promise<City[]> {
  let cities = cityCache.get(countryId);
  if (!cities) {
    cities = api.get<Schemas['CountryDetail']>(`/api/Countries/${countryId}`).then(
      (country) => country.cities,
      () => {
        cityCache.delete(countryId);
        return [];
      },
    );
    cityCache.set(countryId, cities);
  }
  return cities;
}

const matchesCity: ItemPredicate<City> = (query, city) => {
  const needle = foldText(query.trim());
  return foldText(city.name).includes(needle) || foldText(city.nameUniversal).includes(needle);
};

const renderCity: ItemRenderer<City> = (city, { handleClick, handleFocus, modifiers, ref }) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      key={city.id}
      ref={ref}
      active={modifiers.active}
      text={city.name}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
    />
  ) : null;

/**
 * The fields of a person (spec 01 §3 Person, §5): names and birth date, contact and social
 * fields, a PNG photo, and the country and city of birth, where choosing a country clears the
 * city and loads that country's cities.
 */
export function PersonFields({ idPrefix, values, errors, onChange, onNameBlur, disabled }: PersonFieldsProps) {
  const { countries } = useSnapshot(lookups);
  const [cities, setCities] = useState<{ countryId: number; items: City[] } | null>(null);
  const countryId = values.countryOfBirthId;

  useEffect(() => {
    void loadCountries();
  }, []);

  useEffect(() => {
    if (countryId === null) return;
    let current = true;
    void citiesOf(countryId).then((items) => current && setCities({ countryId, items }));
    return () => {
      current = false;
    };
  }, [countryId]);

  const cityItems = cities !== null && cities.countryId === countryId ? cities.items : [];
  const intent = (field: PersonField) => (errors[field] ? Intent.DANGER : Intent.NONE);
  const id = (field: string) => `${idPrefix}-${field}`;

  const textField = (field: Exclude<PersonField, 'photo' | 'countryOfBirthId' | 'cityOfBirthId'>, label: string, options: { required?: boolean; type?: string; blur?: boolean } = {}) => (
    <FormGroup
      label={label}
      labelFor={id(field)}
      labelInfo={options.required ? '*' : undefined}
      intent={intent(field)}
      helperText={errors[field]}
    >
      <InputGroup
        id={id(field)}
        type={options.type}
        value={values[field]}
        intent={intent(field)}
        disabled={disabled}
        onValueChange={(value) => onChange(field, value)}
        onBlur={options.blur ? onNameBlur : undefined}
      />
    </FormGroup>
  );

  return (
    <>
      {textField('name', 'Name', { required: true, blur: true })}
      {textField('surname', 'Surname', { required: true, blur: true })}
      <FormGroup
        label="Birth date"
        labelFor={id('birthDate')}
        labelInfo="*"
        intent={intent('birthDate')}
        helperText={errors.birthDate}
      >
        <InputGroup
          id={id('birthDate')}
          type="date"
          value={values.birthDate}
          intent={intent('birthDate')}
          disabled={disabled}
          onValueChange={(value) => onChange('birthDate', value)}
        />
      </FormGroup>
      <FormGroup label="Country of birth" labelFor={id('country')} intent={intent('countryOfBirthId')} helperText={errors.countryOfBirthId}>
        <CountrySuggest
          id={id('country')}
          countries={countries}
          selectedId={countryId}
          intent={intent('countryOfBirthId')}
          disabled={disabled}
          onChange={(next) => {
            // A new country clears the city (spec 01 §4 Country/city).
            if (next !== countryId) onChange('countryOfBirthId', next, { cityOfBirthId: null });
          }}
        />
      </FormGroup>
      <FormGroup label="City of birth" labelFor={id('city')} intent={intent('cityOfBirthId')} helperText={errors.cityOfBirthId}>
        <Suggest<City>
          items={cityItems}
          selectedItem={cityItems.find((city) => city.id === values.cityOfBirthId) ?? null}
          itemsEqual="id"
          itemPredicate={matchesCity}
          itemRenderer={renderCity}
          inputValueRenderer={(city) => city.name}
          noResults={<MenuItem disabled text={NO_OPTIONS_TEXT} roleStructure="listoption" />}
          onItemSelect={(city) => onChange('cityOfBirthId', city.id)}
          disabled={disabled || countryId === null}
          fill
          resetOnClose
          inputProps={{ id: id('city'), placeholder: countryId === null ? 'Choose a country first' : 'Choose a city' }}
          popoverProps={{ minimal: true, matchTargetWidth: true }}
        />
      </FormGroup>
      {textField('nationality', 'Nationality')}
      {textField('address', 'Address')}
      {textField('email', 'Email', { type: 'email' })}
      {textField('phone', 'Phone', { type: 'tel' })}
      {textField('facebook', 'Facebook')}
      {textField('youtube', 'Youtube')}
      {textField('twitter', 'Twitter')}
      {textField('instagram', 'Instagram')}
      <PhotoField
        id={id('photo')}
        value={values.photo}
        error={errors.photo}
        disabled={disabled}
        onChange={(photo) => onChange('photo', photo)}
      />
    </>
  );
}

interface PhotoFieldProps {
  id: string;
  value: string | null;
  error?: string;
  disabled?: boolean;
  onChange: (photo: string | null) => void;
}

/** Reads a chosen photo: a PNG by its signature and header, no larger than 2048×2048. */
export async function checkPhotoFile(file: Blob): Promise<{ ok: true; base64: string } | { ok: false; message: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const size = pngHeaderSize(bytes);
  if (size === null) return { ok: false, message: NOT_PNG };
  if (size.width > PHOTO_MAX_SIDE || size.height > PHOTO_MAX_SIDE) return { ok: false, message: PHOTO_TOO_BIG };
  return { ok: true, base64: toBase64(bytes) };
}

/** A person's photo: PNG only, with a preview and a remove button. */
function PhotoField({ id, value, error, disabled, onChange }: PhotoFieldProps) {
  const [fileError, setFileError] = useState<string | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const result = await checkPhotoFile(file);
    input.value = '';
    if (result.ok) {
      setFileError(null);
      onChange(result.base64);
    } else {
      setFileError(result.message);
    }
  };
  const message = fileError ?? error;
  return (
    <FormGroup label="Photo" labelFor={id} intent={message ? Intent.DANGER : Intent.NONE} helperText={message}>
      <FileInput
        fill
        disabled={disabled}
        text={value ? 'Choose another PNG...' : 'Choose a PNG...'}
        hasSelection={value !== null}
        inputProps={{ id, accept: 'image/png' }}
        onInputChange={(event) => void choose(event)}
      />
      {value && (
        <div className="pd-photo-preview">
          <img src={logoSrc(value)} alt="Photo preview" height={PHOTO_PREVIEW_HEIGHT} />
          <Button
            icon="trash"
            intent={Intent.DANGER}
            variant="minimal"
            text="Remove photo"
            disabled={disabled}
            onClick={() => {
              setFileError(null);
              onChange(null);
            }}
          />
        </div>
      )}
    </FormGroup>
  );
}
