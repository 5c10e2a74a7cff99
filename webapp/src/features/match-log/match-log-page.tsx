import { useParams } from 'react-router';
import { useMatchSession } from '@/features/match-session/session';
import { MatchLogScreen } from '@/features/match-log/match-log-screen';

/** /match-log/:matchId: the match log of the match the session follows live. */
export default function MatchLogPage() {
  const { matchId } = useParams();
  const [state, actions] = useMatchSession(Number(matchId));
  return <MatchLogScreen state={state} actions={actions} />;
}
