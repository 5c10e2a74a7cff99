import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import type { Side } from '@/features/live-scoring/key-grammar';
import { KEEPERS_PROMPT, lineupOf, type ScoringState } from '@/features/live-scoring/scoring-state';
import { SIDE_COLOUR } from '@/features/live-scoring/team-column';
import { type ScoringDispatch, SCORING_KEYS_CLASS } from '@/features/live-scoring/use-scoring';

const GOALKEEPER = 400;

/**
 * Before a period's swim-off (spec 02 §4): the active goalkeeper of each side, cap 1 unless
 * changed; Enter confirms and opens the swim-off, Escape leaves the clock as it was.
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
  return (
    <Dialog
      isOpen={state.keepersPrompt}
      title={KEEPERS_PROMPT}
      icon="people"
      onClose={() => dispatch({ type: 'key', key: 'Escape', at: new Date().toISOString() })}
      // Escape and Enter answer it through the screen's keys, so each is read once.
      canEscapeKeyClose={false}
      className={SCORING_KEYS_CLASS}
    >
      <DialogBody>
        {choice('home')}
        {choice('away')}
      </DialogBody>
      <DialogFooter
        actions={<Button intent={Intent.PRIMARY} text="Confirm" autoFocus onClick={() => dispatch({ type: 'confirmKeepers' })} />}
      />
    </Dialog>
  );
}
