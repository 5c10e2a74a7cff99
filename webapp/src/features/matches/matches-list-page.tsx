import { Button, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { MATCH_LIST_COLUMNS, matchActionsColumn, type MatchRow } from '@/components/match-table/match-table';
import { PageHeader } from '@/components/page-header/page-header';
import { screenModeFromPath } from '@/lib/screen-mode';
import { useCan } from '@/state/use-can';
import { MatchForm } from '@/features/matches/match-form';
import { ServerTable } from '@/components/server-table/server-table';
import { searchMatches, useCompetitionNames } from '@/features/matches/matches-api';
import { matchFilters } from '@/features/matches/match-search';

export const NO_MATCHES = 'There are no matches.';

const COLUMNS = [...MATCH_LIST_COLUMNS, matchActionsColumn()];

/**
 * The Matches page (spec 02 §2 "Matches list"): every match the server finds for the filters in
 * the URL query, latest start first unless sorted otherwise, ten a page; Add match (with create
 * on Matches) opens its drawer at /matches/create.
 */
export default function MatchesListPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const canCreate = useCan('Matches', 'Create');
  const [reloads, setReloads] = useState(0);
  const toList = () => navigate({ pathname: '/matches', search });
  const competitions = useCompetitionNames();

  return (
    <div>
      <PageHeader
        title="Matches"
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text="Add match"
              onClick={() => navigate({ pathname: '/matches/create', search })}
            />
          )
        }
      />
      <ServerTable<MatchRow>
        columns={COLUMNS}
        filters={matchFilters(competitions)}
        load={searchMatches}
        rowKey={(match) => match.id}
        emptyText={NO_MATCHES}
        reloadKey={reloads}
      />
      <EntityDrawer isOpen={screenModeFromPath(pathname) === 'create'} title="Add match" onClose={toList}>
        <MatchForm
          onCancel={toList}
          onSaved={(saved) => {
            setReloads((count) => count + 1);
            toList();
            // A new match may start later than those on the list's first page: its toast opens it.
            return { text: 'Open', onClick: () => void navigate(`/matches/${saved.id}`) };
          }}
        />
      </EntityDrawer>
    </div>
  );
}
