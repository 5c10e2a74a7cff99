import { useParams } from 'react-router';
import { useMatchSession } from '@/features/match-session/session';
import { LiveScoringScreen } from '@/features/live-scoring/live-scoring-screen';

/** `/live-scoring/:matchId`, shown without the sidebar: the screen over the match's live session. */
export default function LiveScoringPage() {
  const matchId = Number(useParams().matchId);
  const [session, actions] = useMatchSession(matchId);
  return <LiveScoringScreen session={session} actions={actions} />;
}
