import { Button, Card, Classes, ControlGroup, FormGroup, H4, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useEffect, useReducer } from 'react';
import { useSearchParams } from 'react-router';
import { api, errorMessage } from '@/api/client';
import type { Schemas } from '@/api/types';
import { PageHeader } from '@/components/page-header/page-header';
import { Detail } from '@/components/person-pages/detail';
import { type HubStatus, matchHub } from '@/lib/hub';
import { describeEvent } from '@/lib/match-events';
import { initialSocketState, type LatestEvent, socketReducer, typedMatchId } from '@/features/socket/socket-state';

export const NO_EVENT_YET = 'No event received yet.';

const CONNECTION: Record<HubStatus, { label: string; intent: Intent }> = {
  connecting: { label: 'Connecting…', intent: Intent.WARNING },
  online: { label: 'Online', intent: Intent.SUCCESS },
  offline: { label: 'Offline', intent: Intent.DANGER },
};

const ACTIONS: Record<Schemas['Action'], string> = { created: 'Created', updated: 'Updated', deleted: 'Deleted' };

/** The latest event in words (type, team, player, period, time) and as it arrived. */
function LatestEventView({ latest, match }: { latest: LatestEvent; match: Schemas['Match'] | null }) {
  const { event } = latest;
  const row = 'typeId' in event && match ? describeEvent(event, match) : null;
  return (
    <>
      <dl className="pd-details-list" aria-label="Latest event">
        <Detail label="Action">{ACTIONS[latest.action]}</Detail>
        <Detail label="Event">{`#${event.id}`}</Detail>
        {row && (
          <>
            <Detail label="Type">{row.type}</Detail>
            <Detail label="Team">{row.team || '—'}</Detail>
            <Detail label="Player">{row.player || '—'}</Detail>
            <Detail label="Period">{row.period}</Detail>
            <Detail label="Time">{row.time}</Detail>
            <Detail label="Details">{row.details || '—'}</Detail>
          </>
        )}
      </dl>
      <pre className={Classes.CODE_BLOCK} aria-label="Raw message" style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}>
        {latest.raw}
      </pre>
    </>
  );
}

/**
 * The live feed test page at /socket (spec 02 §2): joins a match's group on the hub and shows
 * the latest event received, in words and raw. The connection reconnects by itself;
 * `?matchId=` joins a match at once.
 */
export default function SocketPage() {
  const [params] = useSearchParams();
  const [state, dispatch] = useReducer(socketReducer, params.get('matchId') ?? '', initialSocketState);
  const { joined } = state;

  useEffect(() => {
    const hub = matchHub();
    dispatch({ type: 'connection', connection: hub.status });
    return hub.onStatus((connection) => dispatch({ type: 'connection', connection }));
  }, []);

  useEffect(() => {
    if (joined === null) return undefined;
    let current = true;
    api.get<Schemas['Match']>(`/api/Matches/${joined}`).then(
      (match) => current && dispatch({ type: 'matchLoaded', match }),
      (error: unknown) => current && dispatch({ type: 'matchFailed', error: errorMessage(error, 'The match could not be loaded.') }),
    );
    const stop = matchHub().watchMatch(joined, (feed) =>
      dispatch(feed.kind === 'resync' ? { type: 'resync' } : { type: 'message', message: feed.message }),
    );
    return () => {
      current = false;
      stop();
    };
  }, [joined]);

  const connection = CONNECTION[state.connection];
  const typed = typedMatchId(state.input);

  return (
    <div>
      <PageHeader title="Live feed test" />
      <Card className="pd-details">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            dispatch({ type: 'join' });
          }}
        >
          <FormGroup label="Match id" labelFor="socket-match">
            <ControlGroup>
              <InputGroup
                id="socket-match"
                inputMode="numeric"
                value={state.input}
                onValueChange={(input) => dispatch({ type: 'typed', input })}
              />
              <Button type="submit" intent={Intent.PRIMARY} text="Join" disabled={typed === null || typed === joined} />
              <Button text="Leave" disabled={joined === null} onClick={() => dispatch({ type: 'leave' })} />
            </ControlGroup>
          </FormGroup>
        </form>
        <dl className="pd-details-list">
          <Detail label="Connection">
            <Tag intent={connection.intent} aria-label="Connection">
              {connection.label}
            </Tag>
          </Detail>
          <Detail label="Joined">
            {joined === null
              ? '—'
              : state.match
                ? `#${joined} ${state.match.homeTeamDisplayName} – ${state.match.awayTeamDisplayName}`
                : state.error ?? `#${joined}`}
          </Detail>
        </dl>
      </Card>
      {joined !== null && (
        <Card className="pd-details" style={{ marginTop: 16 }}>
          <H4>Latest event</H4>
          {state.missed && <p className={Classes.TEXT_MUTED}>Some messages were missed while the connection was away.</p>}
          {state.latest ? <LatestEventView latest={state.latest} match={state.match} /> : <p>{NO_EVENT_YET}</p>}
        </Card>
      )}
    </div>
  );
}
