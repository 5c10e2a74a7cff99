import { Button, HTMLTable, Icon, Intent, NonIdealState, Tab, Tabs, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TableFrame } from '@/components/table-frame/table-frame';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { MatchTable } from '@/components/match-table/match-table';
import { RowActions } from '@/components/row-actions/row-actions';
import { TableHead } from '@/components/data-table/table-content';
import { ListBreadcrumbs, PageHeader } from '@/components/page-header/page-header';
import { formatDate } from '@/lib/dates';
import { useDetail } from '@/lib/use-detail';
import { useCan } from '@/state/use-can';
import {
  ADD_MORE_TEAMS,
  type CompetitionTeam,
  DELETE_COMPETITION_QUESTION,
  DELETE_COMPETITION_TEAM_QUESTION,
  deleteCompetitionTeamWithToast,
  deleteCompetitionWithToast,
  getCompetition,
} from '@/features/competitions/competitions-api';
import { CompetitionForm } from '@/features/competitions/competition-form';
import { CompetitionTeamForm } from '@/features/competitions/competition-team-form';
import { MatchForm } from '@/features/matches/match-form';
import { DetailsList, yesNo } from '@/components/details-list/details-list';
import { formatPoints } from '@/features/competitions/competition-validation';
import { useOwnsFederation } from '@/lib/ownership';
import { StandingsPanel } from '@/features/competitions/standings-panel';

export const NO_MATCHES = 'There are no matches in this competition.';


export type CompetitionTab = 'details' | 'teams' | 'matches' | 'standings';

/** What the path under /competitions/:competitionId shows: its tab and which drawer is open. */
export function competitionScreen(rest: readonly string[]): {
  tab: CompetitionTab;
  drawer: 'edit' | 'add-team' | 'edit-team' | 'add-match' | null;
  teamId: number | null;
} {
  const [first, second, third] = rest;
  if (first === 'edit') return { tab: 'details', drawer: 'edit', teamId: null };
  if (first === 'teams') {
    if (second === 'create') return { tab: 'teams', drawer: 'add-team', teamId: null };
    if (second !== undefined && third === 'edit') return { tab: 'teams', drawer: 'edit-team', teamId: Number(second) };
    return { tab: 'teams', drawer: null, teamId: null };
  }
  if (first === 'matches') return { tab: 'matches', drawer: second === 'create' ? 'add-match' : null, teamId: null };
  if (first === 'standings') return { tab: 'standings', drawer: null, teamId: null };
  return { tab: 'details', drawer: null, teamId: null };
}

const TAB_PATHS: Record<CompetitionTab, string> = { details: '', teams: '/teams', matches: '/matches', standings: '/standings' };

/**
 * A competition at /competitions/:competitionId with its tabs Details, Teams, Matches and
 * Standings, each with its own route, and the drawers Edit competition, Add team to competition,
 * Edit team and Add match (for a competition of two teams or more) opened by route.
 */
export default function CompetitionPage() {
  const { competitionId } = useParams();
  const id = Number(competitionId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = `/competitions/${id}`;
  const rest = pathname.slice(base.length).split('/').filter((part) => part !== '');
  const screen = competitionScreen(rest);
  const { state: loaded, reload, reloads } = useDetail(id, getCompetition);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState<CompetitionTeam | null>(null);

  const owns = useOwnsFederation(loaded?.detail?.federationId);
  const canUpdate = useCan('Competitions', 'Update') && owns;
  const canDelete = useCan('Competitions', 'Delete') && owns;
  const canAddTeam = useCan('CompetitionTeams', 'Create') && owns;
  const canEditTeam = useCan('CompetitionTeams', 'Update') && owns;
  const canRemoveTeam = useCan('CompetitionTeams', 'Delete') && owns;
  const canAddMatch = useCan('Matches', 'Create') && owns;

  if (loaded === null) return <Loading />;
  if (loaded.detail === null) {
    return <NonIdealState icon="error" title="The competition could not be loaded" description={loaded.error} />;
  }
  const competition = loaded.detail;
  const go = (path: string) => navigate(`${base}${path}`);
  const entries = competition.competitionTeams;
  const editedEntry = screen.teamId === null ? null : (entries.find((entry) => entry.teamId === screen.teamId) ?? null);
  const teamDetails = (teamId: number) => competition.teams.find((team) => team.id === teamId);
  const enoughTeams = entries.length >= 2;

  const addMatch = canAddMatch && (
    <Tooltip content={ADD_MORE_TEAMS} disabled={enoughTeams}>
      <Button icon="add" text="Add match" disabled={!enoughTeams} onClick={() => go('/matches/create')} />
    </Tooltip>
  );

  return (
    <div>
      <ListBreadcrumbs listTitle={'Competitions'} listPath={'/competitions'} name={competition.name} />
      <PageHeader
        title={competition.name}
        actions={
          <>
            {addMatch}
            {canUpdate && <Button icon="edit" text="Edit" onClick={() => go('/edit')} />}
            {canDelete && <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />}
          </>
        }
      />
      <Tabs id="competition-tabs" selectedTabId={screen.tab} onChange={(tab) => go(TAB_PATHS[tab as CompetitionTab])}>
        <Tab id="details" title="Details" />
        <Tab id="teams" title="Teams" />
        <Tab id="matches" title="Matches" />
        <Tab id="standings" title="Standings" />
      </Tabs>
      <div style={{ marginTop: 16 }}>
        {screen.tab === 'details' && (
          <DetailsList
            logo={competition.logo}
            logoAlt={`${competition.name} logo`}
            rows={[
              ['Name', competition.name],
              ['Universal name', competition.nameUniversal],
              ['Short name', competition.shortName],
              ['Description', competition.description],
              ['Season', competition.season],
              [
                'Federation',
                competition.federation && <Link to={`/federations/${competition.federationId}`}>{competition.federation.name}</Link>,
              ],
              ['Category', competition.category?.name],
              ['Competition type', competition.competitionType?.name],
              ['Start date', formatDate(competition.startDate)],
              ['End date', formatDate(competition.endDate)],
              ['Country', competition.country?.name],
              ['City', competition.city?.name],
              ['Venue', competition.venue],
              ['Address', competition.address],
              ['Phone', competition.phone],
              ['Web', competition.web],
              ['Email', competition.email],
              ['Facebook', competition.facebook],
              ['Twitter', competition.twitter],
              ['Instagram', competition.instagram],
              ['Youtube', competition.youtube],
              ['Match log template language', competition.matchLogTemplateLanguage],
              ['Professional', yesNo(competition.isPro)],
              ['International', yesNo(competition.isInternational)],
              ['Game log PIN confirmation required', yesNo(competition.gameLogPinConfirmationRequired)],
              ['Public', yesNo(competition.isPublic)],
              ['Points', formatPoints(competition.points)],
            ]}
          />
        )}
        {screen.tab === 'teams' && (
          <>
            {canAddTeam && (
              <div className="pd-page-actions" style={{ marginBottom: 12 }}>
                <Button intent={Intent.PRIMARY} icon="plus" text="Add team" onClick={() => go('/teams/create')} />
              </div>
            )}
            {entries.length === 0 ? (
              <NonIdealState icon="people" description="No team competes in this competition." className="pd-table-empty" />
            ) : (
              <TableFrame>
                <HTMLTable striped interactive className="pd-table">
                  <TableHead titles={['Team', 'Club', 'Category', 'Description', 'Seed', 'Disqualified']} actions />
                  <tbody>
                    {entries.map((entry) => {
                      const team = teamDetails(entry.teamId);
                      const name = entry.team?.name ?? team?.name ?? `#${entry.teamId}`;
                      return (
                        <tr key={entry.id}>
                          <td>
                            <Link to={`/teams/${entry.teamId}`}>{name}</Link>
                          </td>
                          <td>{team?.club?.name ?? ''}</td>
                          <td>{team?.category?.name ?? ''}</td>
                          <td>{entry.description ?? ''}</td>
                          <td>{entry.isSeed && <Icon icon="tick" aria-label="Seed" />}</td>
                          <td>{entry.isDisqualified && <Icon icon="tick" aria-label="Disqualified" />}</td>
                          <td className="pd-actions-cell">
                            <RowActions
                              detailsTo={`/teams/${entry.teamId}`}
                              label={name}
                              onEdit={canEditTeam ? () => go(`/teams/${entry.teamId}/edit`) : undefined}
                              onDelete={canRemoveTeam ? () => setRemoving(entry) : undefined}
                              removeTitle="Remove from the competition"
                            />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </HTMLTable>
              </TableFrame>
            )}
          </>
        )}
        {screen.tab === 'matches' && <MatchTable matches={competition.matches} emptyText={NO_MATCHES} />}
        {screen.tab === 'standings' && <StandingsPanel competitionId={competition.id} points={competition.points} canUpdate={canAddMatch} />}
      </div>
      <EntityDrawer isOpen={screen.drawer === 'edit'} title="Edit competition" onClose={() => go('')}>
        <CompetitionForm
          key={`${competition.id}-${reloads}`}
          competition={competition}
          onCancel={() => go('')}
          onSaved={() => {
            reload();
            go('');
          }}
        />
      </EntityDrawer>
      <EntityDrawer isOpen={screen.drawer === 'add-team'} title="Add team to competition" onClose={() => go('/teams')}>
        <CompetitionTeamForm
          competition={competition}
          entry={null}
          onCancel={() => go('/teams')}
          onSaved={() => {
            reload();
            go('/teams');
          }}
        />
      </EntityDrawer>
      <EntityDrawer isOpen={screen.drawer === 'edit-team'} title="Edit team" onClose={() => go('/teams')}>
        {editedEntry ? (
          <CompetitionTeamForm
            key={editedEntry.id}
            competition={competition}
            entry={editedEntry}
            onCancel={() => go('/teams')}
            onSaved={() => {
              reload();
              go('/teams');
            }}
          />
        ) : (
          <NonIdealState icon="search" description="This team does not compete in this competition." />
        )}
      </EntityDrawer>
      <EntityDrawer isOpen={screen.drawer === 'add-match' && canAddMatch && enoughTeams} title="Add match" onClose={() => go('/matches')}>
        <MatchForm
          competition={competition}
          onCancel={() => go('/matches')}
          onSaved={() => {
            reload();
            go('/matches');
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={DELETE_COMPETITION_QUESTION}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await deleteCompetitionWithToast(competition.id)) navigate('/competitions');
        }}
      />
      <ConfirmDelete
        isOpen={removing !== null}
        question={DELETE_COMPETITION_TEAM_QUESTION}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing && (await deleteCompetitionTeamWithToast(removing.id))) reload();
        }}
      />
    </div>
  );
}
