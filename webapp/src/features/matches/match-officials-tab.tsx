import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { useOwnsMatch } from '@/lib/ownership';
import { useCan } from '@/state/use-can';
import type { Match } from '@/features/matches/matches-api';
import { NO_OFFICIALS } from '@/features/matches/matches-api';
import { MatchOfficialForm } from '@/features/matches/match-official-form';
import { MatchOfficialsTable } from '@/features/matches/match-officials-table';
import {
  deleteMatchOfficialWithToast,
  type MatchOfficial,
  REMOVE_MATCH_OFFICIAL_QUESTION,
} from '@/features/matches/match-officials-api';

/** The drawer a path under /matches/:matchId/officials opens: Add official, or Edit of one official. */
function officialsDrawer(rest: readonly string[]): { kind: 'create' } | { kind: 'edit'; officialId: number } | null {
  const [tab, second, third] = rest;
  if (tab !== 'officials') return null;
  if (second === 'create' && third === undefined) return { kind: 'create' };
  if (second !== undefined && third === 'edit') return { kind: 'edit', officialId: Number(second) };
  return null;
}

interface MatchOfficialsTabProps {
  match: Match;
  /** Called after an official was added, changed or removed, to load the match again. */
  onChanged: () => void;
}

/**
 * The Officials tab of a match (spec 02 §2): its officials, Add official (Create on Officials)
 * at /matches/:matchId/officials/create, each row's Edit (Update) at
 * /matches/:matchId/officials/:officialId/edit and Delete, on the user's own match.
 */
export function MatchOfficialsTab({ match, onChanged }: MatchOfficialsTabProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = `/matches/${match.id}/officials`;
  const owns = useOwnsMatch(match);
  const canCreate = useCan('Officials', 'Create') && owns;
  const canUpdate = useCan('Officials', 'Update') && owns;
  const canDelete = useCan('Officials', 'Delete') && owns;
  const [removing, setRemoving] = useState<MatchOfficial | null>(null);
  const drawer = officialsDrawer(pathname.slice(`/matches/${match.id}`.length).split('/').filter((part) => part !== ''));
  const edited = drawer?.kind === 'edit' ? (match.officials.find((entry) => entry.officialId === drawer.officialId) ?? null) : null;
  const close = () => navigate(base);
  const saved = () => {
    onChanged();
    close();
  };

  return (
    <>
      {canCreate && (
        <div className="pd-page-actions" style={{ marginBottom: 12 }}>
          <Button intent={Intent.PRIMARY} icon="plus" text="Add official" onClick={() => navigate(`${base}/create`)} />
        </div>
      )}
      <MatchOfficialsTable
        officials={match.officials}
        emptyText={NO_OFFICIALS}
        onEdit={canUpdate ? (entry) => navigate(`${base}/${entry.officialId}/edit`) : undefined}
        onDelete={canDelete ? setRemoving : undefined}
      />
      <EntityDrawer isOpen={drawer?.kind === 'create'} title="Add official" onClose={close}>
        <MatchOfficialForm match={match} entry={null} onCancel={close} onSaved={saved} />
      </EntityDrawer>
      <EntityDrawer isOpen={drawer?.kind === 'edit'} title="Edit official" onClose={close}>
        {edited ? (
          <MatchOfficialForm key={edited.id} match={match} entry={edited} onCancel={close} onSaved={saved} />
        ) : (
          <NonIdealState icon="search" description="This official is not assigned to this match." />
        )}
      </EntityDrawer>
      <ConfirmDelete
        isOpen={removing !== null}
        question={REMOVE_MATCH_OFFICIAL_QUESTION}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing && (await deleteMatchOfficialWithToast(removing.id))) onChanged();
        }}
      />
    </>
  );
}
