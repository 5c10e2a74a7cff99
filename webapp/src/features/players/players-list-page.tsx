import { Link } from 'react-router';
import { ListPage } from '@/components/list-page/list-page';
import { MEMBER_FILTERS } from '@/components/person-pages/person-filters';
import { useRowRights } from '@/components/row-actions/row-rights';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/state/use-can';
import { PlayerForm } from '@/features/players/player-form';
import {
  DELETE_PLAYER_QUESTION,
  deletePlayerWithToast,
  type Player,
  searchPlayers,
} from '@/features/players/players-api';

/** The players list at /players, paged by the server; /players/create opens Add player. */
export default function PlayersListPage() {
  return (
    <ListPage<Player>
      title="Players"
      path="/players"
      addText="Add player"
      canCreate={useCan('Players', 'Create')}
      columns={[
        { key: 'name', title: 'Name', sortKey: 'name', render: (p) => <Link to={`/players/${p.id}`}>{p.name}</Link> },
        { key: 'surname', title: 'Surname', sortKey: 'surname', render: (p) => p.surname },
        { key: 'birthDate', title: 'Birth date', sortKey: 'birthDate', render: (p) => formatDate(p.birthDate) },
        { key: 'position', title: 'Primary position', render: (p) => p.primaryPosition ?? '' },
        { key: 'countryOfBirth', title: 'Country of birth', sortKey: 'countryOfBirth', render: (p) => p.countryOfBirth?.name ?? '' },
        { key: 'cityOfBirth', title: 'City of birth', sortKey: 'cityOfBirth', render: (p) => p.cityOfBirth?.name ?? '' },
      ]}
      filters={MEMBER_FILTERS}
      load={searchPlayers}
      emptyText="There are no players."
      rowLabel={(p) => `${p.name} ${p.surname}`}
      rights={useRowRights<Player>('Players')}
      deleteQuestion={DELETE_PLAYER_QUESTION}
      deleteWithToast={deletePlayerWithToast}
      renderAddForm={(done) => <PlayerForm {...done} />}
    />
  );
}
