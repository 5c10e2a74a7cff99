import { Card, Classes, H5, Icon, type IconName, Spinner, SpinnerSize } from '@blueprintjs/core';
import { Link } from 'react-router';
import type { Loaded } from '@/features/dashboard/dashboard-api';

export interface Shortcut {
  text: string;
  to: string;
}

interface CountCardProps {
  title: string;
  icon: IconName;
  /** Where the title leads: the list or tab with these items. */
  to: string;
  count: Loaded<number>;
  /** The 'Add ...' shortcut, shown only when the user may add. */
  add?: Shortcut | null;
}

/** One count on the dashboard: a title linking to the items, the number, and an Add shortcut. */
export function CountCard({ title, icon, to, count, add }: CountCardProps) {
  return (
    <Card className="pd-count-card" role="region" aria-label={title}>
      <H5>
        <Link to={to}>
          <Icon icon={icon} /> {title}
        </Link>
      </H5>
      <div className="pd-count" data-testid={`count-${title}`}>
        {count.status === 'loading' ? (
          <Spinner size={SpinnerSize.SMALL} aria-label={`Loading ${title}`} />
        ) : count.status === 'error' ? (
          <span className={Classes.TEXT_MUTED} title={count.message}>
            —
          </span>
        ) : (
          count.data
        )}
      </div>
      {add && <ShortcutLink shortcut={add} />}
    </Card>
  );
}

/** A link drawn as a small Blueprint button. */
export function ShortcutLink({ shortcut, icon = 'plus' }: { shortcut: Shortcut; icon?: IconName }) {
  return (
    <Link to={shortcut.to} className={`${Classes.BUTTON} ${Classes.SMALL} ${Classes.MINIMAL} pd-shortcut-link`}>
      <Icon icon={icon} />
      <span className={Classes.BUTTON_TEXT}>{shortcut.text}</span>
    </Link>
  );
}
