import { Button, Card } from '@blueprintjs/core';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Detail } from '@/components/person-pages/detail';
import { PersonPage } from '@/components/person-pages/person-page';
import { useCan } from '@/state/use-can';
import { PlayerInfoForm } from '@/features/players/player-info-form';
import { PlayerClubForm, PlayerTeamForm } from '@/features/players/player-link-forms';
import { type PlayerTab, playerTabPath, playerView } from '@/features/players/player-view';
import { DELETE_PLAYER_QUESTION, deletePlayerWithToast, getPlayer, handText, type PlayerDetail } from '@/features/players/players-api';
import { type ClubPlayer, DELETE_LINK_QUESTION, deleteClubPlayerWithToast, deleteTeamPlayerWithToast, type TeamPlayer } from '@/lib/memberships-api';
import '@/features/players/players.css';

export const NO_CLUBS_TEXT = 'This player does not play in any club.';
export const NO_TEAMS_TEXT = 'This player does not play in any team.';
export const NO_MATCHES_TEXT = 'This player does not participate in any match.';

/**
 * A player at /players/:playerId with the tabs Player information, Personal information
 * (/personal-info), Clubs (/clubs), Teams (/teams) and Matches (/matches); the edit, profile,
 * add-club and add-team drawers open by route.
 */
export default function PlayerDetailsPage() {
  const { playerId } = useParams();
  const id = Number(playerId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const canUpdate = useCan('Players', 'Update');

  const infoPanel = (player: PlayerDetail) => (
    <div>
      {canUpdate && (
        <div className="pd-page-actions pd-tab-actions">
          <Button icon="edit" text="Edit" onClick={() => navigate(`/players/${id}/edit`)} />
        </div>
      )}
      <Card className="pd-details">
        <dl className="pd-details-list">
          <Detail label="Name">{player.name}</Detail>
          <Detail label="Surname">{player.surname}</Detail>
          <Detail label="Height">{player.height || '—'}</Detail>
          <Detail label="Weight">{player.weight || '—'}</Detail>
          <Detail label="Dominant hand">{handText(player.dominantHand) || '—'}</Detail>
          <Detail label="Primary position">{player.primaryPosition || '—'}</Detail>
        </dl>
      </Card>
    </div>
  );

  return (
    <PersonPage<ClubPlayer, TeamPlayer, PlayerDetail>
      id={id}
      listTitle="Players"
      listPath="/players"
      noun="player"
      module="Players"
      tabsId="player-tabs"
      load={getPlayer}
      view={playerView(pathname.split('/').filter((part) => part !== '').slice(2))}
      tabPath={(tab) => playerTabPath(id, tab as PlayerTab)}
      emptyTexts={{ clubs: NO_CLUBS_TEXT, teams: NO_TEAMS_TEXT, matches: NO_MATCHES_TEXT }}
      teamColumns={[
        { title: 'Position', render: (link) => link.position },
        { title: 'Cap number', render: (link) => link.capNumber ?? '' },
      ]}
      deleteQuestion={DELETE_PLAYER_QUESTION}
      linkQuestion={DELETE_LINK_QUESTION}
      deleteWithToast={deletePlayerWithToast}
      deleteClubLinkWithToast={deleteClubPlayerWithToast}
      deleteTeamLinkWithToast={deleteTeamPlayerWithToast}
      renderClubForm={(form) => <PlayerClubForm playerId={id} {...form} />}
      renderTeamForm={(form) => <PlayerTeamForm playerId={id} {...form} />}
      info={{
        title: 'Player information',
        panel: infoPanel,
        editTitle: 'Edit player',
        renderEditForm: (player, done) => <PlayerInfoForm player={player} {...done} />,
      }}
    />
  );
}
