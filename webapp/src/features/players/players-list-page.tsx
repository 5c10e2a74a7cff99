import { Button, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { PageHeader } from '@/components/page-header/page-header';
import { type ServerColumn, type ServerFilter, ServerTable } from '@/components/server-table/server-table';
import { formatDate } from '@/lib/dates';
import { screenModeFromPath } from '@/lib/screen-mode';
import { useCan } from '@/state/use-can';
import { PlayerForm } from '@/features/players/player-form';
import {
  DELETE_PLAYER_QUESTION,
  deletePlayerWithToast,
  type Player,
  searchPlayers,
} from '@/features/players/players-api';

/** The search's filters (spec 01 §3: Name, Surname, CountryOfBirth, CityOfBirth; and Club, Team). */
export const PLAYER_FILTERS: readonly ServerFilter[] = [
  { name: 'Filter.Name', label: 'Name', kind: 'text' },
  { name: 'Filter.Surname', label: 'Surname', kind: 'text' },
  { name: 'Filter.CountryOfBirth', label: 'Country of birth', kind: 'text' },
  { name: 'Filter.CityOfBirth', label: 'City of birth', kind: 'text' },
  { name: 'Filter.Club', label: 'Club', kind: 'text' },
  { name: 'Filter.Team', label: 'Team', kind: 'text' },
];

const fullName = (player: Pick<Player, 'name' | 'surname'>) => `${player.name} ${player.surname}`;

/** The players list at /players, paged by the server; /players/create opens Add player. */
export default function PlayersListPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const canCreate = useCan('Players', 'Create');
  const canUpdate = useCan('Players', 'Update');
  const canDelete = useCan('Players', 'Delete');
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<Player | null>(null);

  const reload = () => setReloads((count) => count + 1);
  // The list's query stays while the drawer opens and closes.
  const toList = () => navigate({ pathname: '/players', search });

  const columns: ServerColumn<Player>[] = [
    { key: 'name', title: 'Name', sortKey: 'name', render: (p) => <Link to={`/players/${p.id}`}>{p.name}</Link> },
    { key: 'surname', title: 'Surname', sortKey: 'surname', render: (p) => p.surname },
    { key: 'birthDate', title: 'Birth date', sortKey: 'birthDate', render: (p) => formatDate(p.birthDate) },
    { key: 'position', title: 'Primary position', render: (p) => p.primaryPosition ?? '' },
    { key: 'countryOfBirth', title: 'Country of birth', sortKey: 'countryOfBirth', render: (p) => p.countryOfBirth?.name ?? '' },
    { key: 'cityOfBirth', title: 'City of birth', sortKey: 'cityOfBirth', render: (p) => p.cityOfBirth?.name ?? '' },
    {
      key: 'actions',
      title: 'Actions',
      className: 'pd-actions-cell',
      render: (p) => (
        <div className="pd-row-actions">
          <Link to={`/players/${p.id}`}>Details</Link>
          {canUpdate && (
            <Button
              variant="minimal"
              icon="edit"
              aria-label={`Edit ${fullName(p)}`}
              title="Edit"
              onClick={() => navigate(`/players/${p.id}/edit`)}
            />
          )}
          {canDelete && (
            <Button
              variant="minimal"
              icon="trash"
              intent={Intent.DANGER}
              aria-label={`Delete ${fullName(p)}`}
              title="Delete"
              onClick={() => setDeleting(p)}
            />
          )}
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Players"
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text="Add player"
              onClick={() => navigate({ pathname: '/players/create', search })}
            />
          )
        }
      />
      <ServerTable
        columns={columns}
        filters={PLAYER_FILTERS}
        load={searchPlayers}
        rowKey={(p) => p.id}
        emptyText="There are no players."
        reloadKey={reloads}
      />
      <EntityDrawer isOpen={mode === 'create'} title="Add player" onClose={toList}>
        <PlayerForm
          onCancel={toList}
          onSaved={() => {
            reload();
            toList();
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={deleting !== null}
        question={DELETE_PLAYER_QUESTION}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deletePlayerWithToast(deleting.id))) reload();
        }}
      />
    </div>
  );
}
