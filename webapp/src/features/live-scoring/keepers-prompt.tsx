import { Button, Callout, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import type { Side } from '@/features/live-scoring/key-grammar';
import { KEEPERS_PROMPT, lineupOf, type ScoringState } from '@/features/live-scoring/scoring-state';
import { SIDE_COLOUR } from '@/features/live-scoring/team-column';
import type { ScoringDispatch } from '@/features/live-scoring/use-scoring';

const GOALKEEPER = 400;

/**
 * Before a period's swim-off (spec 02 §4): the active goalkeeper of each side, cap 1 unless
 * changed; Enter confirms and opens the swim-off, Escape leaves the clock as it was. It sits in
 * the page rather than in an overlay, so focus goes straight on to the swim-off it opens.
 */
export function KeepersPrompt({ state, dispatch }: { state: ScoringState; dispatch: ScoringDispatch }) {
  const match = state.match!;
  const choice = (side: Side) => {
    // Goalkeepers first: the keeper is nearly always one of them.
    const lineup = lineupOf(match, side).sort((a, b) => Number(b.positionId === GOALKEEPER) - Number(a.positionId === GOALKEEPER));
    const id = `keeper-${side}`;
    return (
      <FormGroup label={`${side === 'home' ? match.homeTeamDisplayName : match.awayTeamDisplayName} (${SIDE_COLOUR[side]})`} labelFor={id}>
        <HTMLSelect
          id={id}
          fill
          value={state.keepers[side] ?? ''}
          onChange={(event) => dispatch({ type: 'keeper', side, playerId: Number(event.currentTarget.value) })}
          options={lineup.map((player) => ({
            value: player.playerId,
            label: `#${player.capNumber} ${player.player ? `${player.player.name} ${player.player.surname}` : ''}`,
          }))}
        />
      </FormGroup>
    );
  };
  if (!state.keepersPrompt) return null;
  return (
    <section aria-label={KEEPERS_PROMPT}>
      <Callout intent={Intent.PRIMARY} icon="people" title={KEEPERS_PROMPT} className="pd-live-keepers">
        <div className="pd-live-keepers-choices">
          {choice('home')}
          {choice('away')}
        </div>
        <Button intent={Intent.PRIMARY} text="Confirm" onClick={() => dispatch({ type: 'confirmKeepers' })} />
        <Button variant="minimal" text="Cancel" onClick={() => dispatch({ type: 'key', key: 'Escape', at: new Date().toISOString() })} />
      </Callout>
    </section>
  );
}
