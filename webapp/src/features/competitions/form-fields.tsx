import { Checkbox, Classes, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}

/** A labelled form group showing its field's message below it. */
export function Field({ id, label, required, error, children }: FieldProps) {
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? '*' : undefined}
      intent={error ? Intent.DANGER : Intent.NONE}
      helperText={error}
    >
      {children}
    </FormGroup>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  multiline?: boolean;
  autoFocus?: boolean;
  type?: string;
}

export function TextField({ id, label, value, onChange, required, error, multiline, autoFocus, type }: TextFieldProps) {
  const intent = error ? Intent.DANGER : Intent.NONE;
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

interface DateFieldProps {
  id: string;
  label: string;
  /** YYYY-MM-DD, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
}

/** A date-only value through the browser's date input (it shows the browser's locale format). */
export function DateField({ id, label, value, onChange, required, error }: DateFieldProps) {
  return (
    <Field id={id} label={label} required={required} error={error}>
      <input
        id={id}
        type="date"
        className={`${Classes.INPUT}${error ? ` ${Classes.INTENT_DANGER}` : ''}`}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
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
