import { HTMLTable, Icon, NonIdealState } from '@blueprintjs/core';
import type { Schemas } from '@/api/types';
import { formatDateTime } from '@/lib/dates';
import { officialRoleLabel } from '@/lib/match-codes';

type MatchOfficial = Schemas['MatchOfficialView'];

interface MatchOfficialsTableProps {
  officials: readonly MatchOfficial[];
  emptyText: string;
}

/** The officials of a match: name, role and whether (and when) they confirmed the log. */
export function MatchOfficialsTable({ officials, emptyText }: MatchOfficialsTableProps) {
  if (officials.length === 0) return <NonIdealState icon="person" description={emptyText} className="pd-table-empty" />;
  return (
    <HTMLTable striped className="pd-table" aria-label="Match officials">
      <thead>
        <tr>
          <th>Official</th>
          <th>Role</th>
          <th>Confirmed</th>
        </tr>
      </thead>
      <tbody>
        {officials.map((official) => (
          <tr key={official.id}>
            <td>{official.official ? `${official.official.name} ${official.official.surname}` : `#${official.officialId}`}</td>
            <td>{officialRoleLabel(official.roleId)}</td>
            <td>
              {official.confirmed ? (
                <>
                  <Icon icon="tick" aria-label="Confirmed" /> {formatDateTime(official.confirmedAt)}
                </>
              ) : (
                'No'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
