/**
 * The event editor of the live scoring screen: one event of any of the seven types being
 * entered or corrected, keyboard first (spec 02 §4 Event form behaviour).
 *
 * Props (stable): `state` and `dispatch` of `editorReducer` (the screen keeps them, opening with
 * `openEditor`, and gives the editor a new React `key` for each event it opens: on mounting it
 * takes focus, to the first field still needed, or Save); `sides` from `editorSides` (both
 * lineups with caps, names and disabled players, and the benches); `match` from `eventMatch`
 * and `events` (the match's whole log, the event corrected included) for the rules the server
 * will apply; `onSave(input)` with the `EventInput` once nothing is wrong (with the id when
 * correcting a stored event, with the clientId when correcting one still waiting in the outbox:
 * pass its key to `saveEvent`); `onCancel()`. The selected keepers (for the save the
 * goal-target bounds imply) are in the state: `openEditor({ keepers })`, then
 * `{ type: 'keepers' }` when they change. The editor is a `role="form"` that handles its own
 * keys (Enter, Escape, digits), with default prevented.
 *
 * Keys: Enter saves from anywhere in the editor (a picture's Enter first sets its marker; the
 * release of that Enter is swallowed, so it clicks no button focused after the save),
 * Escape cancels, Tab and Shift+Tab walk the fields, arrows move within a choice, digits type
 * a cap (the next field gets focus once the cap is clear; typed elsewhere, they go to the first
 * player still empty), Delete clears a player or a point, Space toggles a switch.
 */
import './editor.css';
import { Button, Callout, Classes, ControlGroup, Intent, NumericInput } from '@blueprintjs/core';
import { type Dispatch, type KeyboardEvent, type Ref, useLayoutEffect, useRef } from 'react';
import type { EventFields, EventInput, EventMatch } from '@/lib/event-rules';
import { eventTime, periodLabel } from '@/lib/match-codes';
import { type FieldHandle, focusInside } from './cap-picker';
import { errorsByField, type FieldId, firstEmptyPlayer, firstNeeded, firstWithError, nextField } from './editor-fields';
import type { EditorSides } from './editor-sides';
import { checkEditor, type EditorAction, type EditorState, editorEventLabel, shownErrors, SWIM_OFF } from './editor-state';
import { fieldId, type FieldsProps, TeamField, TypeFields } from './event-fields';

export interface EventEditorProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  sides: EditorSides;
  match: EventMatch;
  /** The match's log; the event being corrected is left out (`isEdited`). */
  events: readonly (EventFields & { id?: number | null })[];
  onSave: (input: EventInput) => void;
  onCancel: () => void;
}

/** Where focus goes when no field is needed, or no field is left. */
type FocusTarget = FieldId | 'save';

/** The double exclusion's other half, as the log will show it. */
function twinText(twin: EventFields | null, sides: EditorSides): string | null {
  const exclusion = twin?.exclusion;
  if (!exclusion) return null;
  const side = exclusion.teamId === sides.home.teamId ? sides.home : sides.away;
  const other = side === sides.home ? sides.away : sides.home;
  const cap = (players: EditorSides['home']['players'], id: number | null | undefined) => {
    const found = players.find((candidate) => candidate.playerId === id);
    return found ? `#${found.cap} ${found.name}` : '';
  };
  return `Also logged for ${side.name}: ${cap(side.players, exclusion.excludedPlayerId)} excluded, fouling ${cap(other.players, exclusion.fouledPlayerId)}.`;
}

/**
 * Blueprint buttons click on the release of Enter; the Enter that saved must not also click the
 * focused cap, nor a button of the screen that has focus once the editor closed.
 */
function swallowEnterRelease() {
  const swallow = (event: globalThis.KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.stopPropagation();
    window.removeEventListener('keyup', swallow, true);
  };
  window.addEventListener('keyup', swallow, true);
}

const isTextInput = (target: EventTarget) => target instanceof HTMLInputElement && target.type !== 'checkbox';

export function EventEditor({ state, dispatch, sides, match, events, onSave, onCancel }: EventEditorProps) {
  const handles = useRef(new Map<FieldId, FieldHandle>());
  const saveRef = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  // Where focus goes after the coming render: a target, or the field after one that was filled
  // (found then, as filling a field may enable the next, like the swim-off's winner).
  const pendingFocus = useRef<{ target: FocusTarget } | { after: FieldId; carry?: string } | null>(null);
  const check = checkEditor(state, match, events);
  const { fields: errors, general } = errorsByField(shownErrors(state, check.errors));

  function focus(target: FocusTarget, carry?: string) {
    if (target === 'save') {
      saveRef.current?.focus();
      return;
    }
    const handle = handles.current.get(target);
    handle?.focus();
    if (carry !== undefined) handle?.typeDigit?.(carry);
  }

  // Focus moves after the render that follows the change, when the next field is usable; on
  // opening, and whenever focus fell out of the editor (a focused choice got disabled), it goes
  // to the first field still needed.
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    pendingFocus.current = null;
    if (pending && 'after' in pending) focus(nextField(state, pending.after) ?? 'save', pending.carry);
    else if (pending) focus(pending.target);
    else if (!opened.current || document.activeElement === document.body) focus(firstNeeded(state) ?? 'save');
    opened.current = true;
  });

  const register = (field: FieldId) => (handle: FieldHandle | null) => {
    if (handle) handles.current.set(field, handle);
    else handles.current.delete(field);
  };
  const registerElement = (field: FieldId) => (element: HTMLElement | null) =>
    register(field)(element && { focus: () => focusInside(element) });

  function done(field: FieldId, carry?: string) {
    pendingFocus.current = { after: field, carry };
  }

  function save() {
    dispatch({ type: 'submitted' });
    if (check.input) onSave(check.input);
    else pendingFocus.current = { target: firstWithError(state, check.errors) ?? 'save' };
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter') {
      event.preventDefault();
      swallowEnterRelease();
      save();
    } else if (/^\d$/.test(event.key) && !event.defaultPrevented && !isTextInput(event.target)) {
      // A cap typed outside a player field goes to the first player still empty (a goal's
      // scorer right after its team was chosen, a turnover's winner once its loser was given).
      // A swim-off opens with the last one's swimmers: a cap typed there names new ones.
      let empty = firstEmptyPlayer(state);
      if (empty === null && state.typeId === SWIM_OFF) {
        dispatch({ type: 'homeSwimmer', playerId: null });
        dispatch({ type: 'awaySwimmer', playerId: null });
        empty = 'homeSwimmer';
      }
      const handle = empty && handles.current.get(empty);
      if (handle?.typeDigit) {
        event.preventDefault();
        handle.focus();
        handle.typeDigit(event.key);
      }
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  }

  const props: FieldsProps = {
    state,
    dispatch,
    sides,
    errors,
    register,
    registerElement: registerElement as (field: FieldId) => Ref<HTMLElement>,
    done,
  };
  const label = editorEventLabel(state);
  const title = `${label} · ${periodLabel(state.periodId)} · ${eventTime(state.minute, state.seconds)}`;
  return (
    <div className="event-editor" role="form" aria-label={`${state.eventId === null && state.clientId === null ? 'New' : 'Edit'} ${label}`} onKeyDown={onKeyDown}>
      <h3 className={Classes.HEADING}>{title}</h3>
      {general.length > 0 && (
        <Callout intent={Intent.DANGER} compact>
          {general.join(' ')}
        </Callout>
      )}
      <div className="event-editor-body">
        {state.typeId !== SWIM_OFF && <TeamField {...props} />}
        <TypeFields {...props} twin={twinText(check.twin, sides)} />
        <TimeField {...props} />
      </div>
      <div className="event-editor-actions">
        <Button onClick={onCancel} text="Cancel" />
        <Button ref={saveRef} intent={Intent.PRIMARY} onClick={save} text="Save" />
      </div>
    </div>
  );
}

/** The event's time on the period clock, mm:ss; corrected by hand when needed. */
function TimeField({ state, dispatch, errors, registerElement }: FieldsProps) {
  const error = errors.time;
  const set = (minute: number, seconds: number) => {
    if (Number.isInteger(minute) && Number.isInteger(seconds) && minute >= 0 && seconds >= 0) dispatch({ type: 'time', minute, seconds });
  };
  return (
    <div className="event-time" ref={registerElement('time') as Ref<HTMLDivElement>}>
      <label className={Classes.LABEL} htmlFor={fieldId('time')}>
        Time
      </label>
      <ControlGroup>
        <NumericInput
          id={fieldId('time')}
          aria-label="Minute"
          value={state.minute}
          min={0}
          buttonPosition="none"
          intent={error ? Intent.DANGER : Intent.NONE}
          onValueChange={(minute) => set(minute, state.seconds)}
          small
        />
        <NumericInput
          aria-label="Seconds"
          value={state.seconds}
          min={0}
          max={59}
          buttonPosition="none"
          intent={error ? Intent.DANGER : Intent.NONE}
          onValueChange={(seconds) => set(state.minute, seconds)}
          small
        />
      </ControlGroup>
      {error && <div className={`${Classes.FORM_HELPER_TEXT} ${Classes.INTENT_DANGER}`}>{error}</div>}
    </div>
  );
}
