import { Button, FileInput, FormGroup, Intent } from '@blueprintjs/core';
import { type ChangeEvent, useState } from 'react';
import { checkLogoFile, LOGO_LIMIT, logoSrc, PHOTO_LIMIT } from '@/components/logo-upload/png';

/** Spec 01 §9: the logo preview is 55 pixels high. */
export const LOGO_PREVIEW_HEIGHT = 55;

interface LogoUploadProps {
  /** The logo as base64 PNG (or a data URL), or null when there is none. */
  value: string | null;
  onChange: (base64: string | null) => void;
  /** A message for the field from the form or the server. */
  error?: string;
  id?: string;
  label?: string;
  disabled?: boolean;
  /** A person's photo instead of a logo: a larger limit and its own wording. */
  photo?: boolean;
}

/**
 * A PNG logo field (spec 01 §2 club drawer, §5, §9): a file input taking PNG files of at most
 * 256×256 pixels, a preview 55 pixels high and a 'Remove logo' button. A refused file leaves the
 * value as it was and shows why at the field.
 */
export function LogoUpload({ value, onChange, error, id = 'logo', label = 'Logo', disabled, photo }: LogoUploadProps) {
  // The message about the last file chosen; a new choice or a removal clears it.
  const [fileError, setFileError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setChecking(true);
    try {
      const result = await checkLogoFile(file, photo ? PHOTO_LIMIT : LOGO_LIMIT);
      if (result.ok) {
        setFileError(null);
        onChange(result.base64);
      } else {
        setFileError(result.message);
      }
    } finally {
      setChecking(false);
      // The same file can be chosen again after a refusal or a removal.
      input.value = '';
    }
  };

  const message = fileError ?? error;
  return (
    <FormGroup label={label} labelFor={id} intent={message ? Intent.DANGER : Intent.NONE} helperText={message}>
      <FileInput
        fill
        disabled={disabled || checking}
        text={value ? 'Choose another PNG...' : 'Choose a PNG...'}
        hasSelection={value !== null}
        inputProps={{ id, accept: 'image/png' }}
        onInputChange={(event) => void choose(event)}
      />
      {value && (
        <div className="pd-logo-preview" style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 8 }}>
          <img src={logoSrc(value)} alt={`${label} preview`} height={LOGO_PREVIEW_HEIGHT} />
          <Button
            icon="trash"
            intent={Intent.DANGER}
            variant="minimal"
            text={photo ? 'Remove photo' : 'Remove logo'}
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

/** A stored logo shown read-only, 55 pixels high like the form's preview. */
export function LogoImage({ value, alt }: { value: string | null | undefined; alt: string }) {
  if (!value) return null;
  return <img src={logoSrc(value)} alt={alt} height={LOGO_PREVIEW_HEIGHT} />;
}
