/**
 * Labelled form fields with their message under them, as every drawer form shows them: texts,
 * numbers, dates, checkboxes and a group around any other input (a suggest or select).
 */
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { Checkbox, FormGroup, InputGroup, Intent, NumericInput, TextArea } from '@blueprintjs/core';
import { DateInput } from '@blueprintjs/datetime';
import { enUS } from 'date-fns/locale';
import { type ReactNode, useState } from 'react';
import { formatDay, parseDay } from '@/lib/dates';

export const intentOf = (error: string | undefined) => (error ? Intent.DANGER : Intent.NONE);

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
}

/** A labelled form group showing its field's message below it. */
export function Field({ id, label, required, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} intent={intentOf(error)} helperText={error}>
      {children}
    </FormGroup>
  );
}

interface TextFieldProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  autoFocus?: boolean;
  type?: string;
}

/** A labelled text input (or text area). */
export function TextField({ id, label, value, onChange, required, error, multiline, autoFocus, type }: TextFieldProps) {
  const intent = intentOf(error);
  return (
    <Field id={id} label={label} required={required} error={error}>
      {multiline ? (
        <TextArea id={id} value={value} intent={intent} fill onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <InputGroup id={id} type={type} value={value} intent={intent} autoFocus={autoFocus} onValueChange={onChange} />
      )}
    </Field>
  );
}

interface NumberFieldProps extends FieldProps {
  /** The text as typed, so that the form's rule can refuse what is not a whole number. */
  value: string;
  onChange: (value: string) => void;
  min?: number;
  max?: number;
}

/**
 * A labelled whole-number input with step buttons. It keeps what is typed (no clamping): the
 * form's rule says what is wrong under the field.
 */
export function NumberField({ id, label, value, onChange, required, error, min, max }: NumberFieldProps) {
  return (
    <Field id={id} label={label} required={required} error={error}>
      <NumericInput
        id={id}
        value={value}
        min={min}
        max={max}
        stepSize={1}
        minorStepSize={null}
        majorStepSize={null}
        intent={intentOf(error)}
        fill
        onValueChange={(_number, text) => onChange(text)}
      />
    </Field>
  );
}

/** Days far enough back for a birth date and ahead for a season (the picker's own are ±20 years). */
const MIN_DAY = new Date(1900, 0, 1);
const MAX_DAY = new Date(2099, 11, 31);

/** `YYYY-MM-DD` (as the forms and the API hold a day) from the picker's value, which may carry a time. */
const dayOf = (value: string | null) => (value === null ? '' : value.slice(0, 10));

interface DateFieldProps extends FieldProps {
  /** YYYY-MM-DD, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** False when the day cannot be emptied: clearing the text brings the day back. */
  clearable?: boolean;
}

interface DayInputProps {
  id?: string;
  /** YYYY-MM-DD, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** False when the day cannot be emptied: clearing the text brings the day back. */
  clearable?: boolean;
  invalid?: boolean;
  ariaLabel?: string;
}

/**
 * A date-only value, shown and typed as DD.MM.YYYY. with a calendar whose weeks start on Monday
 * (spec 01 §9). The value stays a `YYYY-MM-DD` string: no time zone ever shifts it.
 */
export function DayInput({ id, value, onChange, disabled, clearable = true, invalid, ariaLabel }: DayInputProps) {
  // The picker keeps a refused empty text on screen; a new key starts it again from `value`.
  const [restarts, setRestarts] = useState(0);
  return (
    <DateInput
      key={restarts}
      value={value === '' ? null : value}
      onChange={(next) => (next === null && !clearable ? setRestarts(restarts + 1) : onChange(dayOf(next)))}
      formatDate={formatDay}
      parseDate={(text) => (text.trim() === '' ? null : (parseDay(text) ?? false))}
      placeholder="DD.MM.YYYY."
      locale={enUS}
      dayPickerProps={{ weekStartsOn: 1 }}
      minDate={MIN_DAY}
      maxDate={MAX_DAY}
      disabled={disabled}
      fill
      inputProps={{ id, intent: invalid ? Intent.DANGER : undefined, 'aria-label': ariaLabel }}
      popoverProps={{ minimal: true }}
    />
  );
}

/** A labelled date field with its error message. */
export function DateField({ id, label, value, onChange, required, error, disabled, clearable = true }: DateFieldProps) {
  return (
    <Field id={id} label={label} required={required} error={error}>
      <DayInput id={id} value={value} onChange={onChange} disabled={disabled} clearable={clearable} invalid={!!error} />
    </Field>
  );
}

interface CheckFieldProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function CheckField({ id, label, checked, onChange }: CheckFieldProps) {
  return <Checkbox id={id} label={label} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />;
}
