/**
 * The fields of each event type (spec 02 §3 sub-records) as the editor shows them, each wired
 * to one `EditorAction`; which are usable comes from `fieldEnabled`, the messages from the rules.
 */
import { FormGroup, Intent, SegmentedControl, Switch } from '@blueprintjs/core';
import type { Dispatch, Ref } from 'react';
import { CARD_TYPES, EXCLUSION_TYPES, SHOT_TYPES, TURNOVER_TYPES } from '@/lib/match-codes';
import { CapPicker, type FieldHandle } from './cap-picker';
import { type FieldId, fieldEnabled } from './editor-fields';
import type { EditorSide, EditorSides } from './editor-sides';
import {
  CARD,
  type CardType,
  type EditorAction,
  type EditorState,
  EXCLUSION,
  type ExclusionType,
  opponentOf,
  type Person,
  SHOT,
  type ShotType,
  SWIM_OFF,
  TURNOVER,
  type TurnoverType,
} from './editor-state';
import { GoalPicker } from './goal-picker';
import { PoolPicker } from './pool-picker';

export interface FieldsProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  sides: EditorSides;
  errors: Partial<Record<FieldId, string>>;
  /** The ref a field gives the editor, so that focus can be moved to it. */
  register: (field: FieldId) => Ref<FieldHandle>;
  /** The ref of a field that is an element to focus. */
  registerElement: (field: FieldId) => Ref<HTMLElement>;
  /** A field was filled from the keyboard: move on (with a digit meant for the next field). */
  done: (field: FieldId, carry?: string) => void;
}

export const fieldId = (field: FieldId) => `event-${field}`;

const sideOf = (sides: EditorSides, teamId: number | null): EditorSide | null =>
  teamId === sides.home.teamId ? sides.home : teamId === sides.away.teamId ? sides.away : null;

const player = (playerId: number | null): Person => (playerId === null ? null : { playerId });
const playerIdOf = (person: Person) => (person && 'playerId' in person ? person.playerId : null);

interface Option {
  value: number;
  label: string;
}

/** A code list's options, in code order. */
const codeOptions = (codes: Readonly<Record<number, string>>): Option[] =>
  Object.entries(codes).map(([value, label]) => ({ value: Number(value), label }));

/** Everything a field needs from the editor, by its id. */
function wiring(props: FieldsProps, field: FieldId) {
  return {
    id: fieldId(field),
    error: props.errors[field],
    disabled: !fieldEnabled(props.state, field),
  };
}

function PlayerField(
  props: FieldsProps & { field: FieldId; label: string; side: EditorSide | null; value: Person; onChange: (person: Person) => void; withCoaches?: boolean },
) {
  const { field, label, side, value, onChange, withCoaches } = props;
  return (
    <CapPicker
      {...wiring(props, field)}
      ref={props.register(field)}
      label={label}
      side={side}
      value={value}
      onChange={onChange}
      withCoaches={withCoaches}
      onDone={(carry) => props.done(field, carry)}
    />
  );
}

function Choice<T extends number>(
  props: FieldsProps & { field: FieldId; label: string; options: readonly Option[]; value: T | null; onChange: (value: T) => void },
) {
  const { id, error, disabled } = wiring(props, props.field);
  return (
    <FormGroup label={props.label} labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error}>
      <div id={id} ref={props.registerElement(props.field) as Ref<HTMLDivElement>}>
        <SegmentedControl
          aria-label={props.label}
          options={props.options.map(({ value, label }) => ({ value: String(value), label }))}
          value={props.value === null ? '' : String(props.value)}
          onValueChange={(value) => props.onChange(Number(value) as T)}
          disabled={disabled}
          small
        />
      </div>
    </FormGroup>
  );
}

function Toggle(props: FieldsProps & { field: FieldId; label: string; checked: boolean; onChange: (on: boolean) => void }) {
  const { id, error, disabled } = wiring(props, props.field);
  return (
    <FormGroup intent={error ? Intent.DANGER : Intent.NONE} helperText={error} className="event-toggle">
      <Switch
        id={id}
        inputRef={props.registerElement(props.field) as Ref<HTMLInputElement>}
        label={props.label}
        checked={props.checked}
        disabled={disabled}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
    </FormGroup>
  );
}

/** The team the event is for: home or away. */
export function TeamField(props: FieldsProps) {
  const { sides, state, dispatch } = props;
  const names = [
    { value: sides.home.teamId, label: sides.home.name },
    { value: sides.away.teamId, label: sides.away.name },
  ];
  return (
    <Choice
      {...props}
      field="team"
      label="Team"
      options={names}
      value={state.teamId}
      onChange={(teamId) => dispatch({ type: 'team', teamId })}
    />
  );
}

function ShotFields(props: FieldsProps) {
  const { state, dispatch, sides } = props;
  const own = sideOf(sides, state.teamId);
  const opponent = state.teamId === null ? null : sideOf(sides, opponentOf(state.match, state.teamId));
  const shot = state.shot;
  return (
    <>
      <div className="event-row">
        <Choice<ShotType> {...props} field="subType" label="Shot type" options={codeOptions(SHOT_TYPES)} value={shot.typeId} onChange={(typeId) => dispatch({ type: 'shotType', typeId })} />
        <Toggle {...props} field="goal" label="Goal" checked={shot.isGoal} onChange={(isGoal) => dispatch({ type: 'goal', isGoal })} />
      </div>
      <PlayerField {...props} field="takenBy" label="Taken by" side={own} value={player(shot.takenById)} onChange={(p) => dispatch({ type: 'takenBy', playerId: playerIdOf(p) })} />
      <PlayerField {...props} field="assistedBy" label="Assisted by" side={own} value={player(shot.assistedById)} onChange={(p) => dispatch({ type: 'assistedBy', playerId: playerIdOf(p) })} />
      <PlayerField {...props} field="blockedBy" label="Blocked by" side={opponent} value={player(shot.blockedById)} onChange={(p) => dispatch({ type: 'blockedBy', playerId: playerIdOf(p) })} />
      <PlayerField {...props} field="savedBy" label="Saved by" side={opponent} value={player(shot.savedById)} onChange={(p) => dispatch({ type: 'savedBy', playerId: playerIdOf(p) })} />
      <div className="event-row">
        <Toggle {...props} field="fastBreak" label="Fast break" checked={shot.isFastBreak} onChange={(on) => dispatch({ type: 'fastBreak', on })} />
        <Toggle {...props} field="directFromFoul" label="Direct from foul" checked={shot.isDirectFromFoul} onChange={(on) => dispatch({ type: 'directFromFoul', on })} />
      </div>
      <div className="event-pictures">
        <PoolPicker {...wiring(props, 'location')} ref={props.registerElement('location') as Ref<HTMLDivElement>} label="Location" value={shot.location} onChange={(point) => dispatch({ type: 'location', point })} />
        <GoalPicker {...wiring(props, 'target')} ref={props.registerElement('target') as Ref<HTMLDivElement>} label="Target" value={shot.target} onChange={(point) => dispatch({ type: 'target', point })} />
      </div>
    </>
  );
}

function ExclusionFields(props: FieldsProps & { twin: string | null }) {
  const { state, dispatch, sides } = props;
  const own = sideOf(sides, state.teamId);
  const opponent = state.teamId === null ? null : sideOf(sides, opponentOf(state.match, state.teamId));
  const exclusion = state.exclusion;
  return (
    <>
      <Choice<ExclusionType> {...props} field="subType" label="Exclusion type" options={codeOptions(EXCLUSION_TYPES)} value={exclusion.typeId} onChange={(typeId) => dispatch({ type: 'exclusionType', typeId })} />
      <PlayerField {...props} field="excluded" label="Excluded" side={own} withCoaches value={exclusion.excluded} onChange={(person) => dispatch({ type: 'excluded', person })} />
      <PlayerField {...props} field="fouled" label="Fouled" side={opponent} value={player(exclusion.fouledPlayerId)} onChange={(p) => dispatch({ type: 'fouledBy', playerId: playerIdOf(p) })} />
      <div className="event-row">
        <Toggle {...props} field="penaltyExclusion" label="Penalty exclusion" checked={exclusion.isPenaltyExclusion} onChange={(on) => dispatch({ type: 'penaltyExclusion', on })} />
        <Toggle {...props} field="doubleExclusion" label="Double exclusion" checked={exclusion.isDoubleExclusion} onChange={(on) => dispatch({ type: 'doubleExclusion', on })} />
      </div>
      {props.twin && <p className="event-twin">{props.twin}</p>}
      <div className="event-pictures">
        <PoolPicker {...wiring(props, 'location')} ref={props.registerElement('location') as Ref<HTMLDivElement>} label="Location" value={exclusion.location} onChange={(point) => dispatch({ type: 'location', point })} />
      </div>
    </>
  );
}

function CardFields(props: FieldsProps) {
  const { state, dispatch, sides } = props;
  return (
    <>
      <Choice<CardType> {...props} field="subType" label="Card type" options={codeOptions(CARD_TYPES)} value={state.card.typeId} onChange={(typeId) => dispatch({ type: 'cardType', typeId })} />
      <PlayerField {...props} field="carded" label="Carded" side={sideOf(sides, state.teamId)} withCoaches value={state.card.carded} onChange={(person) => dispatch({ type: 'carded', person })} />
    </>
  );
}

function TurnoverFields(props: FieldsProps) {
  const { state, dispatch, sides } = props;
  const opponent = state.teamId === null ? null : sideOf(sides, opponentOf(state.match, state.teamId));
  const turnover = state.turnover;
  return (
    <>
      <Choice<TurnoverType> {...props} field="subType" label="Turnover type" options={codeOptions(TURNOVER_TYPES)} value={turnover.typeId} onChange={(typeId) => dispatch({ type: 'turnoverType', typeId })} />
      <PlayerField {...props} field="lostBy" label="Lost possession" side={sideOf(sides, state.teamId)} value={player(turnover.lostPossesionPlayerId)} onChange={(p) => dispatch({ type: 'lostBy', playerId: playerIdOf(p) })} />
      <PlayerField {...props} field="wonBy" label="Won possession" side={opponent} value={player(turnover.wonPossesionPlayerId)} onChange={(p) => dispatch({ type: 'wonBy', playerId: playerIdOf(p) })} />
    </>
  );
}

function SwimOffFields(props: FieldsProps) {
  const { state, dispatch, sides } = props;
  const swimoff = state.swimoff;
  const swimmer = (side: EditorSide, playerId: number | null) => {
    const found = side.players.find((candidate) => candidate.playerId === playerId);
    return found ? `#${found.cap} ${found.name} (${side.name})` : side.name;
  };
  const winners = [
    ...(swimoff.homeTeamSwimmerId === null ? [] : [{ value: swimoff.homeTeamSwimmerId, label: swimmer(sides.home, swimoff.homeTeamSwimmerId) }]),
    ...(swimoff.awayTeamSwimmerId === null ? [] : [{ value: swimoff.awayTeamSwimmerId, label: swimmer(sides.away, swimoff.awayTeamSwimmerId) }]),
  ];
  return (
    <>
      <PlayerField {...props} field="homeSwimmer" label={`Swimmer of ${sides.home.name}`} side={sides.home} value={player(swimoff.homeTeamSwimmerId)} onChange={(p) => dispatch({ type: 'homeSwimmer', playerId: playerIdOf(p) })} />
      <PlayerField {...props} field="awaySwimmer" label={`Swimmer of ${sides.away.name}`} side={sides.away} value={player(swimoff.awayTeamSwimmerId)} onChange={(p) => dispatch({ type: 'awaySwimmer', playerId: playerIdOf(p) })} />
      <Choice {...props} field="winner" label="Winner" options={winners} value={swimoff.winnerSwimmerId} onChange={(playerId) => dispatch({ type: 'swimOffWinner', playerId })} />
    </>
  );
}

/** The fields of the state's event type, below the team (none for a timeout or a challenge). */
export function TypeFields(props: FieldsProps & { twin: string | null }) {
  switch (props.state.typeId) {
    case SHOT:
      return <ShotFields {...props} />;
    case EXCLUSION:
      return <ExclusionFields {...props} />;
    case CARD:
      return <CardFields {...props} />;
    case TURNOVER:
      return <TurnoverFields {...props} />;
    case SWIM_OFF:
      return <SwimOffFields {...props} />;
    default:
      return null;
  }
}
