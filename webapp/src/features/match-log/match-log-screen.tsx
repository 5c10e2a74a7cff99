import './match-log.css';
import { Button, Card, H4, Intent, NonIdealState, Spinner, SpinnerSize, Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, errorMessage } from '@/api/client';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { EventList } from '@/components/event-list/event-list';
import { SessionStatus } from '@/components/session-status/session-status';
import { LineupsEditor } from '@/components/lineup-editor/lineup-editor';
import { useRosters } from '@/components/lineup-editor/use-rosters';
import { Loading } from '@/components/loading/loading';
import { MatchHeader } from '@/components/match-header/match-header';
import { matchScreenTitle, useDocumentTitle } from '@/lib/document-title';
import { KEPT_PLAYERS, namedPlayers, removedReferenced, type Side } from '@/lib/lineup-draft';
import { PERIODS } from '@/lib/match-codes';
import { showError, showSuccess } from '@/lib/toaster';
import { useCan, useMayChangeLog } from '@/state/use-can';
import { BenchEditor } from '@/features/match-log/bench-editor';
import { ConfirmLogForm } from '@/features/match-log/confirm-log-form';
import { LogMenu } from '@/features/match-log/log-menu';
import {
  type LogAction,
  type LogDraft,
  logChanged,
  logDraftOf,
  logInput,
  logReducer,
  type Named,
  namedCoaches,
  validateOfficials,
} from '@/features/match-log/log-draft';
import { OfficialsEditor, useOfficials } from '@/features/match-log/officials-editor';
import type { Match, MatchSessionActions, MatchSessionState } from '@/features/match-session/session-types';

export const LOG_SAVED = 'Match log successfully saved.';

/** The period a match's status is in, else the first: the tab the log opens on. */
const periodOfStatus = (statusId: number) => PERIODS[statusId - 201]?.id ?? PERIODS[0]!.id;

interface LogBodyProps {
  match: Match;
  state: MatchSessionState;
  actions: MatchSessionActions;
}

function LogBody({ match, state, actions }: LogBodyProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = `/match-log/${match.id}`;
  const mayUpdate = useMayChangeLog(match);
  const mayAssign = useCan('Officials', 'Create') && mayUpdate;
  const lineupsOpen = match.statusId === 200;
  const finished = match.statusId === 206;
  const rosters = useRosters(match.homeTeamId, match.awayTeamId);
  const officials = useOfficials();

  const [period, setPeriod] = useState<number>(() => periodOfStatus(match.statusId));
  const [selected, setSelected] = useState<string | null>(null);
  const [edits, setEdits] = useState<LogDraft | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const keys = useRef(0);

  const saved = useMemo(() => logDraftOf(match), [match]);
  const draft = edits ?? saved;
  const named: Named = useMemo(() => ({ players: namedPlayers(state.events), coaches: namedCoaches(state.events) }), [state.events]);
  const changed = logChanged(draft, saved);
  const officialErrors = attempted ? validateOfficials(draft) : {};
  const teamNames: Record<Side, string> = { home: match.homeTeamDisplayName, away: match.awayTeamDisplayName };

  const dispatch = (action: LogAction) => {
    const result = logReducer(draft, action, named);
    if ('refused' in result) void showError(result.refused);
    else setEdits(result.draft);
  };

  const save = async () => {
    if (saving || !changed) return;
    setAttempted(true);
    if (Object.keys(validateOfficials(draft)).length > 0) return;
    const kept = removedReferenced(saved.lineups, draft.lineups, named.players);
    if (kept.length > 0) {
      void showError(`${KEPT_PLAYERS} ${kept.join(', ')}.`);
      return;
    }
    setSaving(true);
    try {
      await api.put(`/api/Matches/${match.id}/log`, logInput(match, draft, lineupsOpen));
      void showSuccess(LOG_SAVED);
      await actions.resync().catch(() => undefined);
      setEdits(null);
      setAttempted(false);
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
    } finally {
      setSaving(false);
    }
  };

  // Ctrl+S (Cmd+S) saves the log from anywhere on the screen.
  const onSaveKey = useEffectEvent(() => void save());
  useEffect(() => {
    if (!mayUpdate) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      onSaveKey();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mayUpdate]);

  const confirming = pathname === `${base}/confirm` && finished && mayUpdate;

  return (
    <div className="pd-match-log">
      <aside>
        <LogMenu matchId={match.id} mayLog={mayUpdate} canConfirm={finished && mayUpdate} />
      </aside>
      <div className="pd-match-log-main">
        <MatchHeader match={match} clock={state.clock} />
        <div className="pd-match-log-status" aria-label="Connection">
          <SessionStatus connection={state.connection} waiting={state.waiting} refused={state.refused} savedAt={state.savedAt} />
        </div>
        <Card className="pd-match-log-events">
          <Tabs id="match-log-periods" selectedTabId={period} onChange={(next) => setPeriod(Number(next))}>
            {PERIODS.map((item) => (
              <Tab key={item.id} id={item.id} title={item.label} />
            ))}
          </Tabs>
          <EventList
            events={state.events}
            match={match}
            period={period}
            selectedKey={selected}
            onSelect={setSelected}
            onRetry={mayUpdate ? (event) => actions.retry(event) : undefined}
            onDrop={mayUpdate ? (event) => actions.drop(event) : undefined}
          />
        </Card>
        <Card>
          <LineupsEditor
            teamNames={teamNames}
            lineups={draft.lineups}
            rosters={rosters}
            editable={mayUpdate && lineupsOpen}
            onChange={(side, slot, player) => dispatch({ type: 'slot', side, slot, player })}
            below={(side) => (
              <>
                <H4 className="pd-bench-title">Coaches</H4>
                <BenchEditor
                  side={side}
                  teamName={teamNames[side]}
                  draft={draft}
                  roster={rosters[side]}
                  editable={mayUpdate && lineupsOpen}
                  dispatch={dispatch}
                />
              </>
            )}
          />
        </Card>
        <Card>
          <OfficialsEditor
            draft={draft}
            officials={officials}
            mayAssign={mayAssign}
            mayChangeRoles={mayUpdate}
            errors={officialErrors}
            dispatch={dispatch}
            newKey={() => `new-${(keys.current += 1)}`}
          />
        </Card>
        {mayUpdate && (
          <div className="pd-match-log-save">
            {changed && <span className="pd-match-log-unsaved">Unsaved changes</span>}
            <Button
              intent={Intent.PRIMARY}
              icon={saving ? <Spinner size={SpinnerSize.SMALL} /> : 'floppy-disk'}
              text="Save Match Log"
              title="Ctrl+S"
              disabled={!changed || saving}
              onClick={() => void save()}
            />
          </div>
        )}
      </div>
      <EntityDrawer isOpen={confirming} title="Confirm match log" onClose={() => navigate(base)}>
        <ConfirmLogForm
          officials={match.officials}
          pinRequired={match.logPinRequired !== false}
          onCancel={() => navigate(base)}
          onSaved={() => {
            void actions.resync();
            navigate(base);
          }}
        />
      </EntityDrawer>
    </div>
  );
}

/**
 * The match log at /match-log/:matchId, without the main sidebar (spec 02 §2): the header, the
 * events by period, both lineups with their benches, the officials, Save Match Log, the side
 * menu and the Confirm match log drawer (/match-log/:matchId/confirm).
 */
export function MatchLogScreen({ state, actions }: { state: MatchSessionState; actions: MatchSessionActions }) {
  useDocumentTitle(matchScreenTitle('Match log', state.match));
  if (state.status === 'loading' || (state.status === 'ready' && state.match === null)) return <Loading />;
  if (state.match === null) {
    return <NonIdealState icon="error" title="The match log could not be loaded" description={state.error ?? ''} />;
  }
  return <LogBody match={state.match} state={state} actions={actions} />;
}
