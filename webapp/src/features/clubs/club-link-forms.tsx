/**
 * Edit drawers of a club's memberships (/clubs/:clubId/coaches/:coachId/edit and
 * /players/:playerId/edit): the period of a club manager or player in the club.
 */
import { Callout } from '@blueprintjs/core';
import { api } from '@/api/client';
import { PeriodFields } from '@/components/profile-picker/membership-rows';
import { periodErrors, periodInput } from '@/components/profile-picker/membership-validation';
import { RowForm } from '@/components/profile-picker/row-form';
import type { ClubCoach, ClubPlayer } from '@/features/clubs/clubs-api';

export const CLUB_MANAGER_SAVED = 'Club Manager successfully saved.';
export const PLAYER_SAVED = 'Player successfully saved.';

interface Period {
  activeFrom: string;
  activeTo: string;
}

const periodOf = (link: { activeFrom?: string | null; activeTo?: string | null }): Period => ({
  activeFrom: link.activeFrom ?? '',
  activeTo: link.activeTo ?? '',
});

function PeriodForm<S>({
  who,
  initial,
  save,
  successText,
  onSaved,
  onCancel,
}: {
  who: string;
  initial: Period;
  save: (period: Period) => Promise<S>;
  successText: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  return (
    <RowForm
      initial={initial}
      validate={(row) => periodErrors(row, '')}
      save={save}
      successText={successText}
      onSaved={onSaved}
      onCancel={onCancel}
      renderFields={(row, errors, change) => (
        <>
          <Callout compact icon="person" style={{ marginBottom: 12 }}>
            {who}
          </Callout>
          <PeriodFields idPrefix="membership" path="" row={row} errors={errors} onChange={change} />
        </>
      )}
    />
  );
}

export function ClubCoachEditForm({ link, onSaved, onCancel }: { link: ClubCoach; onSaved: () => void; onCancel: () => void }) {
  return (
    <PeriodForm
      who={`${link.coach?.name ?? ''} ${link.coach?.surname ?? ''}`}
      initial={periodOf(link)}
      save={(period) =>
        api.put<ClubCoach>(`/api/ClubCoaches/${link.id}`, { clubId: link.clubId, coachId: link.coachId, ...periodInput(period) })
      }
      successText={CLUB_MANAGER_SAVED}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

export function ClubPlayerEditForm({ link, onSaved, onCancel }: { link: ClubPlayer; onSaved: () => void; onCancel: () => void }) {
  return (
    <PeriodForm
      who={`${link.player?.name ?? ''} ${link.player?.surname ?? ''}`}
      initial={periodOf(link)}
      save={(period) =>
        api.put<ClubPlayer>(`/api/ClubPlayers/${link.id}`, { clubId: link.clubId, playerId: link.playerId, ...periodInput(period) })
      }
      successText={PLAYER_SAVED}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}
