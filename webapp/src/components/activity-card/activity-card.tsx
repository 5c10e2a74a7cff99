import { Card, Classes, H4, HTMLTable, Icon, Intent, Spinner } from '@blueprintjs/core';
import { TableFrame } from '@/components/table-frame/table-frame';
import { type AccountActivity, activityText, activityWarns } from '@/components/activity-card/activity-text';
import { formatUnixDateTime } from '@/lib/dates';
import { useLoaded } from '@/lib/reference-lookups';

export const NO_ACTIVITY = 'Nothing has happened yet.';

/**
 * What happened to an account's sign-in (PoloDesk sends no mail, so this is where a user
 * learns that someone guessed at their password or that an administrator changed it, and where
 * an administrator looks when a user says it was not them). `loadKey` changes to load again.
 */
export function ActivityCard({
  load,
  loadKey,
  note,
}: {
  load: () => Promise<AccountActivity[]>;
  loadKey: string;
  note: string;
}) {
  const entries = useLoaded(load, loadKey);
  return (
    <Card className="pd-details pd-account-card pd-activity">
      <H4>Recent activity</H4>
      <p className={Classes.TEXT_MUTED}>{note}</p>
      {entries === null ? (
        <Spinner size={20} />
      ) : entries.length === 0 ? (
        <p>{NO_ACTIVITY}</p>
      ) : (
        <TableFrame>
          <HTMLTable className="pd-table" compact aria-label="Recent activity">
            <thead>
              <tr>
                <th>When</th>
                <th>What happened</th>
                <th>Address</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatUnixDateTime(entry.at)}</td>
                  <td>
                    {activityWarns(entry) && (
                      <Icon icon="warning-sign" intent={Intent.WARNING} size={12} className="pd-activity-warning" />
                    )}
                    {activityText(entry)}
                  </td>
                  <td>{entry.address ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableFrame>
      )}
    </Card>
  );
}
