import { Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { ExportScoresheetMenuItem } from '@/features/scoresheet/export-controls';
import { useRouteLink } from '@/lib/route-link';

interface LogMenuProps {
  matchId: number;
  /** Live scoring is offered to whoever may change the log. */
  mayLog: boolean;
  /** Confirm Log is enabled only when the match is finished (spec 02 §4 "Confirmation"). */
  canConfirm: boolean;
}

/**
 * The match log's side menu (spec 02 §2): Back to App, Match Report, Live scoring, Confirm Log
 * and Export to PDF (the official scoresheet, made in the browser).
 */
export function LogMenu({ matchId, mayLog, canConfirm }: LogMenuProps) {
  const link = useRouteLink();
  return (
    <Menu className="pd-match-log-menu" aria-label="Match log menu">
      <MenuItem icon="arrow-left" text="Back to App" {...link('/')} />
      <MenuDivider />
      <MenuItem icon="document" text="Match Report" {...link(`/match-report/${matchId}`)} />
      {mayLog && <MenuItem icon="stopwatch" text="Live scoring" {...link(`/live-scoring/${matchId}`)} />}
      <MenuItem icon="endorsed" text="Confirm Log" disabled={!canConfirm} {...link(`/match-log/${matchId}/confirm`)} />
      <ExportScoresheetMenuItem matchId={matchId} />
    </Menu>
  );
}
