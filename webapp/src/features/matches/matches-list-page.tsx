import { useEffect, useState } from 'react';
import {
  MATCH_ACTIONS_COLUMN,
  MATCH_LIST_COLUMNS,
  type MatchRow,
} from '@/components/match-table/match-table';
import { PageHeader } from '@/components/page-header/page-header';
import { ServerTable } from '@/components/server-table/server-table';
import { listCompetitions, searchMatches } from '@/features/matches/matches-api';
import { matchFilters } from '@/features/matches/match-search';

export const NO_MATCHES = 'There are no matches.';

const COLUMNS = [...MATCH_LIST_COLUMNS, MATCH_ACTIONS_COLUMN];

/**
 * The Matches page (spec 02 §2 "Matches list"): every match the server finds for the filters in
 * the URL query, latest start first unless sorted otherwise, ten a page.
 */
export default function MatchesListPage() {
  const [competitions, setCompetitions] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    let current = true;
    // Without the list the competition filter offers no choice; the table still loads.
    listCompetitions().then(
      (items) => current && setCompetitions(items.map(({ id, name }) => ({ id, name }))),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <div>
      <PageHeader title="Matches" />
      <ServerTable<MatchRow>
        columns={COLUMNS}
        filters={matchFilters(competitions)}
        load={searchMatches}
        rowKey={(match) => match.id}
        emptyText={NO_MATCHES}
      />
    </div>
  );
}
