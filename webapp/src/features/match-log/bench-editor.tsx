import { FormGroup } from '@blueprintjs/core';
import { ChoicePicker } from '@/components/lineup-editor/slot-picker';
import type { Roster } from '@/components/lineup-editor/use-rosters';
import type { Side } from '@/lib/lineup-draft';
import { coachRoleLabel } from '@/lib/match-codes';
import { chosenCoaches, COACH_ROLES, type LogAction, type LogDraft } from '@/features/match-log/log-draft';

interface BenchEditorProps {
  side: Side;
  teamName: string;
  draft: LogDraft;
  roster: Roster | null;
  editable: boolean;
  dispatch: (action: LogAction) => void;
}

/** A team's bench: its Head Coach and Assistant Coach, each picked from the team's coaches. */
export function BenchEditor({ side, teamName, draft, roster, editable, dispatch }: BenchEditorProps) {
  return (
    <div className="pd-bench" aria-label={`${teamName} coaches`} role="group">
      {COACH_ROLES.map((role) => (
        <FormGroup key={role} label={coachRoleLabel(role)} labelFor={`${side}-coach-${role}`} inline className="pd-bench-role">
          <ChoicePicker
            id={`${side}-coach-${role}`}
            ariaLabel={`${teamName} ${coachRoleLabel(role)}`}
            choices={roster?.coaches ?? null}
            selected={draft.bench[side][role]}
            taken={chosenCoaches(draft, side, role)}
            disabled={!editable}
            onChange={(coach) => dispatch({ type: 'coach', side, role, coach })}
          />
        </FormGroup>
      ))}
    </div>
  );
}
