/**
 * The live scoring screen's state kept for React: the session's match and events fed in, each
 * action stepped through `scoring-state.ts`, its effects run once (outside the pure step), the
 * clock ticked every second while it runs, and the keyboard read from the whole page.
 */
import { Classes } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MatchSessionActions, MatchSessionState } from '@/features/match-session/session-types';
import { isGrammarKey } from '@/features/live-scoring/key-grammar';
import { type Effect, EVENT_DELETED, initialScoring, type ScoringAction, type ScoringState, step } from '@/features/live-scoring/scoring-state';
import { msToNextSecond } from '@/lib/clock';
import { showSuccess } from '@/lib/toaster';

export type ScoringDispatch = (action: ScoringAction) => void;

function run(effect: Effect, actions: MatchSessionActions) {
  switch (effect.kind) {
    case 'saveEvent':
      actions.saveEvent(effect.input, effect.target);
      return;
    case 'deleteEvent':
      actions.deleteEvent({ key: effect.key });
      void showSuccess(EVENT_DELETED);
      return;
    case 'publishClock':
      actions.publishClock(effect.clock);
      return;
  }
}

/** Marks the screen's own dialogs, whose keys (Enter, Escape, `?`) the screen reads too. */
export const SCORING_KEYS_CLASS = 'pd-scoring-keys';

const EDITABLE = 'input, textarea, select, [contenteditable="true"]';
/** Dialogs, popovers and the event editor (a form) handle their own keys. */
const OWN_KEYS = `[role="dialog"], [role="alertdialog"], [role="form"], .${Classes.POPOVER}`;

/**
 * Whether the screen reads a key: not one a widget in focus already handled, not typing in a
 * field (Enter and Escape excepted), not inside a dialog, popover or the editor, which handle
 * their own keys (the cheat sheet's `?` excepted: no field takes it).
 */
function forScreen(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || !isGrammarKey(event.key)) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target === null) return true;
  if (target.closest(OWN_KEYS) && !target.closest(`.${SCORING_KEYS_CLASS}`) && event.key !== '?') return false;
  return !target.closest(EDITABLE) || event.key === 'Enter' || event.key === 'Escape';
}

/**
 * Blueprint and native buttons click on the release of Space and Enter; a key the screen read
 * must not also click the button that has focus (after a mouse click) or one a dialog focused.
 */
function swallowRelease(key: string) {
  const swallow = (event: KeyboardEvent) => {
    if (event.key !== key) return;
    event.stopPropagation();
    event.preventDefault();
    window.removeEventListener('keyup', swallow, true);
  };
  window.addEventListener('keyup', swallow, true);
}

export function useScoring(session: MatchSessionState, actions: MatchSessionActions): [ScoringState, ScoringDispatch] {
  const current = useRef<ScoringState>(initialScoring);
  const [state, setState] = useState<ScoringState>(initialScoring);
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  });

  const dispatch = useCallback<ScoringDispatch>((action) => {
    const next = step(current.current, action);
    current.current = next.state;
    setState(next.state);
    for (const effect of next.effects) run(effect, actionsRef.current);
  }, []);

  const { match, events, clock: published } = session;
  useEffect(
    () => dispatch({ type: 'session', match, events, published, at: new Date().toISOString() }),
    [dispatch, match, events, published],
  );

  const running = state.clock?.state === 'Running';
  useEffect(() => {
    if (!running) return undefined;
    const tick = () => dispatch({ type: 'tick', at: new Date().toISOString() });
    // The first tick comes when the clock's next second is due, so a clock taken over from the
    // hub keeps in step with the viewers' (a clock started here is due a second from now).
    let timer: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(
      () => {
        tick();
        timer = setInterval(tick, 1000);
      },
      msToNextSecond(current.current.clock!, Date.now()) ?? 1000,
    );
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [dispatch, running]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!forScreen(event)) return;
      event.preventDefault();
      if (event.key === ' ' || event.key === 'Enter') swallowRelease(event.key);
      dispatch({ type: 'key', key: event.key, at: new Date().toISOString() });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);

  return [state, dispatch];
}
