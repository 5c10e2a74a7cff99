import { Button, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/api/client';
import { Loading } from '@/components/loading/loading';
import { showError, showSuccess } from '@/lib/toaster';
import { getStandings, NO_STANDINGS, recalculateStandings, type StandingGroup } from '@/features/competitions/competitions-api';
import { StandingTable } from '@/features/competitions/standings-table';
import { describePoints } from '@/features/competitions/competition-validation';
import type { PointsRule } from '@/features/competitions/competitions-api';

type Loaded = { key: string; groups: StandingGroup[] | null };

interface StandingsPanelProps {
  competitionId: number;
  /** The competition's points, stated above the tables. */
  points: PointsRule;
  /** Update Standings needs create on Matches (spec 02 §2). */
  canUpdate: boolean;
}

/**
 * The Standings tab of a competition: its Overall, Home and Away tables, and the Update
 * Standings action that recomputes them from the match logs.
 */
export function StandingsPanel({ competitionId, points, canUpdate }: StandingsPanelProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [updating, setUpdating] = useState(false);
  const key = String(competitionId);

  useEffect(() => {
    let current = true;
    getStandings(competitionId).then(
      (groups) => current && setLoaded({ key: String(competitionId), groups }),
      () => current && setLoaded({ key: String(competitionId), groups: null }),
    );
    return () => {
      current = false;
    };
  }, [competitionId]);

  const update = async () => {
    setUpdating(true);
    try {
      const groups = await recalculateStandings(competitionId);
      setLoaded({ key, groups });
      void showSuccess('Standings successfully updated.');
    } catch (error) {
      void showError(errorMessage(error, 'Error saving data.'));
    } finally {
      setUpdating(false);
    }
  };

  const groups = loaded?.key === key ? loaded.groups : undefined;
  const empty = groups === null || (groups !== undefined && groups.every((group) => group.rankings.length === 0));
  return (
    <div>
      {canUpdate && (
        <div className="pd-page-actions" style={{ marginBottom: 12 }}>
          <Button intent={Intent.PRIMARY} icon="refresh" text="Update Standings" loading={updating} onClick={() => void update()} />
        </div>
      )}
      <p className={Classes.TEXT_MUTED}>{describePoints(points)}</p>
      {groups === undefined && <Loading />}
      {empty && <NonIdealState icon="th-list" description={NO_STANDINGS} className="pd-table-empty" />}
      {groups && !empty && groups.map((group) => <StandingTable key={group.standingType} group={group} />)}
    </div>
  );
}
