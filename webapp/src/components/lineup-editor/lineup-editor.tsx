import './lineup-editor.css';
import { H4, HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { TableHead } from '@/components/data-table/table-content';
import { type Choice, ChoicePicker, KeeperTag } from '@/components/lineup-editor/slot-picker';
import type { Rosters } from '@/components/lineup-editor/use-rosters';
import { capOf, type Lineups, type Side, SIDES, type SlotPlayer, usedElsewhere } from '@/lib/lineup-draft';
import { KEEPER_SLOTS } from '@/lib/match-codes';
import { TableFrame } from '@/components/table-frame/table-frame';

const choiceOf = (player: SlotPlayer): Choice => ({
  id: player.playerId,
  name: player.name,
  label: player.capNumber === null ? undefined : `#${player.capNumber}`,
});

interface TeamSlotsProps {
  side: Side;
  teamName: string;
  slots: Lineups[Side];
  roster: readonly SlotPlayer[] | null;
  editable: boolean;
  onChange: (slot: number, player: SlotPlayer | null) => void;
  children?: ReactNode;
}

/** A team's 16 cap slots (keepers in 1 and 13), each a picker of the team's roster. */
function TeamSlots({ side, teamName, slots, roster, editable, onChange, children }: TeamSlotsProps) {
  const choices = roster?.map(choiceOf) ?? null;
  return (
    <section className="pd-lineup" aria-label={`${teamName} lineup`}>
      <H4>{teamName}</H4>
      <TableFrame>
        <HTMLTable compact striped className="pd-table pd-lineup-slots">
          <TableHead titles={['Slot', 'Cap', 'Player']} />
          <tbody>
            {slots.map((player, index) => {
              const slot = index + 1;
              return (
                <tr key={slot}>
                  <td className="pd-lineup-slot">
                    {slot}
                    {KEEPER_SLOTS.includes(slot) && <KeeperTag />}
                  </td>
                  <td className="pd-lineup-cap">{player ? capOf(player, slot) : ''}</td>
                  <td>
                    <ChoicePicker
                      id={`${side}-slot-${slot}`}
                      ariaLabel={`${teamName} slot ${slot}`}
                      choices={choices}
                      selected={player ? choiceOf(player) : null}
                      taken={usedElsewhere(slots, slot)}
                      disabled={!editable}
                      onChange={(choice) => onChange(slot, choice && (roster?.find((row) => row.playerId === choice.id) ?? null))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </TableFrame>
      {children}
    </section>
  );
}

interface LineupsEditorProps {
  teamNames: Readonly<Record<Side, string>>;
  lineups: Lineups;
  rosters: Rosters;
  /** Whether the lineups may change now: before the match starts, for users allowed to. */
  editable: boolean;
  onChange: (side: Side, slot: number, player: SlotPlayer | null) => void;
  /** What goes under a team's slots (the match log's bench). */
  below?: (side: Side) => ReactNode;
}

/**
 * The home and away lineups side by side (spec 02 §5 "Lineup and log"): a player is offered once
 * per team, and a team's slots can change only when its roster could be loaded.
 */
export function LineupsEditor({ teamNames, lineups, rosters, editable, onChange, below }: LineupsEditorProps) {
  return (
    <div className="pd-lineups">
      {SIDES.map((side) => (
        <TeamSlots
          key={side}
          side={side}
          teamName={teamNames[side]}
          slots={lineups[side]}
          roster={rosters[side]?.players ?? null}
          editable={editable && rosters[side] !== null}
          onChange={(slot, player) => onChange(side, slot, player)}
        >
          {below?.(side)}
        </TeamSlots>
      ))}
    </div>
  );
}
