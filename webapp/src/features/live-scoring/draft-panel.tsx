import { Button, Card, Intent } from '@blueprintjs/core';
import { draftEvent } from '@/features/live-scoring/event-drafts';
import type { ScoringState } from '@/features/live-scoring/scoring-state';
import type { ScoringDispatch } from '@/features/live-scoring/use-scoring';
import { describeEvent } from '@/lib/match-events';

/** The event being entered, in words, with Save (Enter) and Cancel (Escape). */
export function DraftPanel({ state, dispatch }: { state: ScoringState; dispatch: ScoringDispatch }) {
  const input = draftEvent(state.editor!);
  const at = () => new Date().toISOString();
  const row = typeof input === 'string' ? null : describeEvent({ ...input, id: null } as never, state.match!);
  return (
    <Card className="pd-live-draft" aria-label="Event being entered">
      <p>{row ? `${row.time} ${row.team} ${row.type} ${row.player} ${row.details}` : String(input)}</p>
      <Button text="Cancel" onClick={() => dispatch({ type: 'cancel', at: at() })} />
      <Button intent={Intent.PRIMARY} text="Save" onClick={() => dispatch({ type: 'save', at: at() })} />
    </Card>
  );
}
