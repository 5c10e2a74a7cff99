import './live-scoring.css';
import { Alert, Button, ButtonGroup, Callout, Intent, NonIdealState } from '@blueprintjs/core';
import { EventList } from '@/components/event-list/event-list';
import { Loading } from '@/components/loading/loading';
import { MatchHeader } from '@/components/match-header/match-header';
import { SessionStatus } from '@/components/session-status/session-status';
import { matchScreenTitle, useDocumentTitle } from '@/lib/document-title';
import { describeEvent, type EventMatch } from '@/lib/match-events';
import type { LoggedEvent, Match, MatchSessionActions, MatchSessionState } from '@/features/match-session/session-types';
import { CheatSheet } from '@/features/live-scoring/cheat-sheet';
import { ClockPanel } from '@/features/live-scoring/clock-panel';
import { editorSides, eventMatch } from '@/features/live-scoring/editor/editor-sides';
import { EventEditor } from '@/features/live-scoring/editor/event-editor';
import { EVENT_KEYS, type EventKind } from '@/features/live-scoring/key-grammar';
import { KeepersPrompt } from '@/features/live-scoring/keepers-prompt';
import { ScoringMenu } from '@/features/live-scoring/scoring-menu';
import { DELETE_EVENT_QUESTION, liveEvents, type ScoringState } from '@/features/live-scoring/scoring-state';
import { TeamColumn } from '@/features/live-scoring/team-column';
import { type ScoringDispatch, SCORING_KEYS_CLASS, useScoring } from '@/features/live-scoring/use-scoring';

const EVENT_BUTTONS: readonly { event: EventKind; text: string }[] = [
  { event: 'goal', text: 'Goal' },
  { event: 'miss', text: 'Shot missed' },
  { event: 'exclusion', text: 'Exclusion' },
  { event: 'penalty', text: '5m Penalty' },
  { event: 'card', text: 'Card' },
  { event: 'turnover', text: 'Turnover' },
  { event: 'swimOff', text: 'Swim-off' },
];

const keyOf = (event: EventKind) => Object.keys(EVENT_KEYS).find((key) => EVENT_KEYS[key] === event);

/** The line under the header: the connection, the writes waiting or refused, the keys typed, the last refusal. */
function StatusLine({ session, state }: { session: MatchSessionState; state: ScoringState }) {
  return (
    <div className="pd-live-status" role="status">
      <SessionStatus connection={session.connection} waiting={session.waiting} refused={session.refused} savedAt={session.savedAt} />
      <span className="pd-live-keys" aria-label="Keys typed">
        {state.sequence !== '' && <kbd>{state.sequence}</kbd>}
      </span>
      {state.message && (
        <Callout compact intent={Intent.WARNING} className="pd-live-message">
          {state.message}
        </Callout>
      )}
      <span className="pd-live-hint">
        Press <kbd>?</kbd> for the keys
      </span>
    </div>
  );
}

/** Said under the question when the event is half of a double exclusion (the server deletes both). */
export const PAIR_GOES_TOO = "Its other half, on the other team, is deleted with it.";

/** Names the event a deletion would remove, as its row in the list says it. */
function DeletedEvent({ event, match }: { event: LoggedEvent; match: EventMatch }) {
  const row = describeEvent(event, match);
  return (
    <p className="pd-deleted-event" aria-label="Event to delete">
      <strong>{row.time}</strong> {[row.team, row.player, row.type, row.details].filter(Boolean).join(' · ')}
      {event.pairedEventId != null && <span className="pd-deleted-pair">{PAIR_GOES_TOO}</span>}
    </p>
  );
}

/**
 * On a finished match the screen corrects the log: said before anything changes, with what a
 * change costs once officials have confirmed the log (the server clears their confirmations).
 */
export function finishedNote(match: Match): string | null {
  if (match.statusId !== 206) return null;
  const confirmed = match.officials.filter((official) => official.confirmed).length;
  if (confirmed === 0) return 'This match is finished: a change here corrects its log.';
  return `This match is finished and ${confirmed} of ${match.officials.length} officials confirmed its log: a change here clears their confirmations.`;
}

function EventButtons({ dispatch }: { dispatch: ScoringDispatch }) {
  return (
    <ButtonGroup className="pd-live-event-buttons">
      {EVENT_BUTTONS.map(({ event, text }) => (
        <Button key={event} text={text} title={keyOf(event)} onClick={() => dispatch({ type: 'openEvent', event })} />
      ))}
    </ButtonGroup>
  );
}

interface LiveScoringScreenProps {
  session: MatchSessionState;
  actions: MatchSessionActions;
}

/**
 * The live scoring screen (spec 02 §2, §4): the match header and menu, the home (white) and away
 * (blue) columns around the clock, the event being entered and the period's events, all driven
 * from the keyboard (docs/keyboard.md) as well as the mouse.
 */
export function LiveScoringScreen({ session, actions }: LiveScoringScreenProps) {
  const [state, dispatch] = useScoring(session, actions);
  useDocumentTitle(matchScreenTitle('Live scoring', state.match));
  if (session.status === 'failed') return <NonIdealState icon="error" description={session.error ?? undefined} />;
  const { match, clock } = state;
  if (match === null || clock === null) return <Loading />;
  const now = () => new Date().toISOString();
  const logged = liveEvents(session.events);
  const deleting = session.events.find((event) => event.key === state.deleting);
  const note = finishedNote(match);
  return (
    <div className="pd-live-scoring">
      <div className="pd-live-top">
        <MatchHeader match={match} />
        <ScoringMenu match={match} onFinished={() => void actions.resync()} />
      </div>
      <StatusLine session={session} state={state} />
      {note && (
        <Callout compact intent={Intent.WARNING} icon="warning-sign" className="pd-live-finished">
          {note}
        </Callout>
      )}
      <div className="pd-live-grid">
        <TeamColumn side="home" state={state} dispatch={dispatch} />
        <div className="pd-live-centre">
          <ClockPanel clock={clock} dispatch={dispatch} />
          <KeepersPrompt state={state} dispatch={dispatch} />
          <EventButtons dispatch={dispatch} />
          {state.editor && (
            <EventEditor
              key={state.editor.opening}
              state={state.editor.state}
              dispatch={(action) => dispatch({ type: 'editor', action })}
              sides={editorSides(match, logged)}
              match={eventMatch(match)}
              events={logged}
              onSave={(input) => dispatch({ type: 'saved', input, at: now() })}
              onCancel={() => dispatch({ type: 'cancel', at: now() })}
            />
          )}
          <EventList
            events={session.events}
            match={match}
            period={clock.period}
            selectedKey={state.cursor}
            onSelect={(key) => dispatch({ type: 'cursor', key })}
            onEdit={(event) => dispatch({ type: 'editEvent', key: event.key })}
            onDelete={(event) => dispatch({ type: 'askDelete', key: event.key })}
            onRetry={(event) => actions.retry({ key: event.key })}
            onDrop={(event) => actions.drop({ key: event.key })}
          />
        </div>
        <TeamColumn side="away" state={state} dispatch={dispatch} />
      </div>
      <CheatSheet isOpen={state.help} onClose={() => dispatch({ type: 'help', open: false })} />
      <Alert
        isOpen={state.deleting !== null}
        icon="trash"
        intent={Intent.DANGER}
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        // Enter and Escape answer it through the screen's keys, so each is read once.
        canEscapeKeyCancel={false}
        className={SCORING_KEYS_CLASS}
        onConfirm={() => dispatch({ type: 'answerDelete', confirmed: true })}
        onCancel={() => dispatch({ type: 'answerDelete', confirmed: false })}
      >
        <p>{DELETE_EVENT_QUESTION}</p>
        {deleting && <DeletedEvent event={deleting} match={match} />}
      </Alert>
    </div>
  );
}
