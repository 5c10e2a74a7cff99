import { Button, Callout, Card, FormGroup, H5, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { DateField } from '@/components/form-fields/form-fields';
import { type Choice, ChoiceSuggest } from '@/components/profile-picker/choice-suggest';
import { CLUB_OR_TEAM_PATH, type ClubRow, fieldPath, takenIds } from '@/components/profile-picker/membership-validation';
import '@/components/profile-picker/profile-picker.css';

interface MembershipRowsProps<R> {
  /** The section's heading, e.g. 'Clubs'. */
  title: string;
  rows: readonly R[];
  renderRow: (row: R, index: number) => ReactNode;
  /** The add button's text, e.g. 'Add club'. */
  addText: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** Rows that must stay (a team fixed by the page the form opened from). */
  isFixed?: (row: R, index: number) => boolean;
  /** A message about the list as a whole ('Club or Team field is required.'). */
  error?: string;
  disabled?: boolean;
}

/**
 * The pending club, team or federation rows of a coach, player or official form: each row in
 * its own card with a remove button, and an add button under them.
 */
export function MembershipRows<R>({
  title,
  rows,
  renderRow,
  addText,
  onAdd,
  onRemove,
  isFixed,
  error,
  disabled,
}: MembershipRowsProps<R>) {
  return (
    <section className="pd-membership-rows" aria-label={title}>
      <H5>{title}</H5>
      {rows.map((row, index) => (
        // Rows have no identity of their own before they are saved; their place is their key.
        <Card key={index} compact className="pd-membership-row">
          <div className="pd-membership-row-fields">{renderRow(row, index)}</div>
          {!isFixed?.(row, index) && (
            <Button
              variant="minimal"
              icon="cross"
              intent={Intent.DANGER}
              aria-label={`Remove ${title.toLowerCase()} row ${index + 1}`}
              title="Remove"
              disabled={disabled}
              onClick={() => onRemove(index)}
            />
          )}
        </Card>
      ))}
      {error && (
        <Callout intent={Intent.DANGER} compact className="pd-membership-error">
          {error}
        </Callout>
      )}
      <Button icon="plus" variant="outlined" text={addText} disabled={disabled} onClick={onAdd} />
    </section>
  );
}

interface PeriodFieldsProps {
  /** Prefix of the inputs' ids: `${idPrefix}-activeFrom`, `${idPrefix}-activeTo`. */
  idPrefix: string;
  /** Error path of the row, e.g. `clubs[0]`; '' in a form of one row. */
  path: string;
  row: { activeFrom: string; activeTo: string };
  errors: Readonly<Record<string, string>>;
  onChange: (patch: { activeFrom?: string; activeTo?: string }) => void;
  disabled?: boolean;
}

/** Active from and Active to of a membership row. */
export function PeriodFields({ idPrefix, path, row, errors, onChange, disabled }: PeriodFieldsProps) {
  return (
    <>
      <DateField
        id={`${idPrefix}-activeFrom`}
        label="Active from"
        value={row.activeFrom}
        error={errors[fieldPath(path, 'activeFrom')]}
        disabled={disabled}
        onChange={(activeFrom) => onChange({ activeFrom })}
      />
      <DateField
        id={`${idPrefix}-activeTo`}
        label="Active to"
        value={row.activeTo}
        error={errors[fieldPath(path, 'activeTo')]}
        disabled={disabled}
        onChange={(activeTo) => onChange({ activeTo })}
      />
    </>
  );
}

interface ClubRowFieldsProps {
  /** Prefix of the inputs' ids: `${idPrefix}-club`, `${idPrefix}-activeFrom`, ... */
  idPrefix: string;
  /** Error path of the row, e.g. `clubs[0]`; '' in a form of one row. */
  path: string;
  row: ClubRow;
  /** The clubs the user may choose; null while they load. */
  clubs: readonly Choice[] | null;
  /** Clubs chosen in the other rows. */
  takenIds: readonly number[];
  errors: Readonly<Record<string, string>>;
  onChange: (patch: Partial<ClubRow>) => void;
  /** The club is fixed by the page the form opened from. */
  fixed?: boolean;
  disabled?: boolean;
}

interface MembershipChoiceFieldProps {
  /** The input's id is `${idPrefix}-${kind}`. */
  idPrefix: string;
  kind: 'club' | 'team';
  /** Error path of the row, e.g. `teams[0]`; '' in a form of one row. */
  path: string;
  selectedId: number | null;
  /** What the user may choose; null while it loads. */
  choices: readonly Choice[] | null;
  /** Entries chosen in the other rows (or already held). */
  takenIds: readonly number[];
  errors: Readonly<Record<string, string>>;
  onChange: (id: number | null) => void;
  /** Fixed by the page the form opened from. */
  fixed?: boolean;
  disabled?: boolean;
  className?: string;
}

/** The required club or team of a membership row, each choosable once. */
export function MembershipChoiceField(props: MembershipChoiceFieldProps) {
  const { idPrefix, kind, path, errors } = props;
  const error = errors[fieldPath(path, `${kind}Id`)];
  const intent = error ? Intent.DANGER : Intent.NONE;
  return (
    <FormGroup
      className={props.className}
      label={kind === 'club' ? 'Club' : 'Team'}
      labelFor={`${idPrefix}-${kind}`}
      labelInfo="*"
      intent={intent}
      helperText={error}
    >
      <ChoiceSuggest
        id={`${idPrefix}-${kind}`}
        choices={props.choices}
        selectedId={props.selectedId}
        disabledIds={props.takenIds}
        intent={intent}
        disabled={props.fixed || props.disabled}
        placeholder={props.choices?.length === 0 ? `There is no ${kind} you may choose` : `Choose a ${kind}`}
        onChange={props.onChange}
      />
    </FormGroup>
  );
}

interface TeamRowChoiceProps {
  idPrefix: string;
  path: string;
  row: { teamId: number | null };
  teams: readonly Choice[] | null;
  takenIds: readonly number[];
  errors: Readonly<Record<string, string>>;
  onChange: (patch: { teamId: number | null }) => void;
  fixed?: boolean;
}

/** The team of a coach's or player's team row: the props of the row's fields pass through. */
export function TeamRowChoice({ row, teams, onChange, ...rest }: TeamRowChoiceProps) {
  return (
    <MembershipChoiceField {...rest} kind="team" selectedId={row.teamId} choices={teams} onChange={(teamId) => onChange({ teamId })} />
  );
}

/** Club, Active from and Active to of a pending club membership. */
export function ClubRowFields({ idPrefix, path, row, clubs, takenIds, errors, onChange, fixed, disabled }: ClubRowFieldsProps) {
  return (
    <>
      <MembershipChoiceField
        className="pd-membership-wide"
        idPrefix={idPrefix}
        kind="club"
        path={path}
        selectedId={row.clubId}
        choices={clubs}
        takenIds={takenIds}
        errors={errors}
        fixed={fixed}
        disabled={disabled}
        onChange={(clubId) => onChange({ clubId })}
      />
      <PeriodFields idPrefix={idPrefix} path={path} row={row} errors={errors} onChange={onChange} disabled={disabled} />
    </>
  );
}

interface ClubRowsProps {
  /** Prefix of each row's ids: `${idPrefix}-clubs-${index}-club`, ... */
  idPrefix: string;
  rows: readonly ClubRow[];
  clubs: readonly Choice[] | null;
  errors: Readonly<Record<string, string>>;
  /** The club the form was opened from: its row is the first and stays. */
  fixedClubId?: number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onChange: (index: number, patch: Partial<ClubRow>) => void;
}

/**
 * The Clubs section of a new coach or player: a row per club membership, each club choosable
 * once, and the message that asks for a club or a team.
 */
export function ClubRows({ idPrefix, rows, clubs, errors, fixedClubId, onAdd, onRemove, onChange }: ClubRowsProps) {
  const isFixed = (row: ClubRow, index: number) => fixedClubId !== undefined && index === 0 && row.clubId === fixedClubId;
  return (
    <MembershipRows
      title="Clubs"
      rows={rows}
      addText="Add club"
      onAdd={onAdd}
      onRemove={onRemove}
      isFixed={isFixed}
      error={errors[CLUB_OR_TEAM_PATH]}
      renderRow={(row, index) => (
        <ClubRowFields
          idPrefix={`${idPrefix}-clubs-${index}`}
          path={`clubs[${index}]`}
          row={row}
          clubs={clubs}
          takenIds={takenIds(rows, index, (other) => other.clubId)}
          errors={errors}
          fixed={isFixed(row, index)}
          onChange={(patch) => onChange(index, patch)}
        />
      )}
    />
  );
}
