import { ListPage } from '@/components/list-page/list-page';
import { PERSON_FILTERS } from '@/components/list-page/list-fields';
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
      columns={['name', 'surname', 'birthDate', 'position', 'countryOfBirth', 'cityOfBirth']}
      filters={[...PERSON_FILTERS, 'Club', 'Team']}
      list={{ module: 'Players', path: '/players', title: 'Players', add: 'Add player', empty: 'There are no players.' }}
      load={searchPlayers}
      deletion={{ question: DELETE_PLAYER_QUESTION, run: deletePlayerWithToast }}
      renderAddForm={(done) => <PlayerForm {...done} />}
    />
  );
}
