import { Menu, MenuDivider, MenuItem, Tooltip } from '@blueprintjs/core';
import { useRouteLink } from '@/lib/route-link';

export const PDF_LATER = 'The PDF scoresheet comes with a later release.';

interface LogMenuProps {
  matchId: number;
  /** Confirm Log is enabled only when the match is finished (spec 02 §4 "Confirmation"). */
  canConfirm: boolean;
}

/**
 * The match log's side menu (spec 02 §2): Back to App, Match Report, Live scoring, Confirm Log
 * and Export to PDF, which says it is not there yet.
 */
export function LogMenu({ matchId, canConfirm }: LogMenuProps) {
  const link = useRouteLink();
  return (
    <Menu className="pd-match-log-menu" aria-label="Match log menu">
      <MenuItem icon="arrow-left" text="Back to App" {...link('/')} />
      <MenuDivider />
      <MenuItem icon="document" text="Match Report" {...link(`/match-report/${matchId}`)} />
      <MenuItem icon="stopwatch" text="Live scoring" {...link(`/live-scoring/${matchId}`)} />
      <MenuItem icon="endorsed" text="Confirm Log" disabled={!canConfirm} {...link(`/match-log/${matchId}/confirm`)} />
      <Tooltip content={PDF_LATER} placement="right">
        <MenuItem icon="export" text="Export to PDF" label="later" disabled />
      </Tooltip>
    </Menu>
  );
}
