import { Navigate, useParams } from 'react-router';
import { useMatchSession } from '@/features/match-session/session';
import { LiveScoringScreen } from '@/features/live-scoring/live-scoring-screen';
import { useMayChangeLog } from '@/state/use-can';

/**
 * `/live-scoring/:matchId`, shown without the sidebar: the screen over the match's live session,
 * for whoever may change the match's log (others go to /not-found, as the server would refuse
 * their every event; spectators have the public live page).
 */
export default function LiveScoringPage() {
  const matchId = Number(useParams().matchId);
  const [session, actions] = useMatchSession(matchId);
  const mayLog = useMayChangeLog(session.match);
  if (session.match !== null && !mayLog) return <Navigate to="/not-found" replace />;
  return <LiveScoringScreen session={session} actions={actions} />;
}
