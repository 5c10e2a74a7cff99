/**
 * Edit drawers of a club's memberships (/clubs/:clubId/coaches/:coachId/edit and
 * /players/:playerId/edit): the period of a club manager or player in the club.
 */
import { Callout } from '@blueprintjs/core';
import { PeriodFields } from '@/components/profile-picker/membership-rows';
import { periodErrors, periodInput } from '@/components/profile-picker/membership-validation';
import { RowForm } from '@/components/profile-picker/row-form';
import { periodOf } from '@/components/memberships/team-rows';
import {
  CLUB_MANAGER_SAVED,
  type ClubCoach,
  type ClubPlayer,
  PLAYER_SAVED,
  updateClubCoach,
  updateClubPlayer,
} from '@/lib/memberships-api';
import { fullName } from '@/lib/person-name';

type Period = ReturnType<typeof periodOf>;

interface DrawerProps {
  onSaved: () => void;
  onCancel: () => void;
}

type EditProps<L> = DrawerProps & { link: L };

function PeriodForm<S>({
  who,
  initial,
  save,
  successText,
  onSaved,
  onCancel,
}: DrawerProps & { who: string; initial: Period; save: (period: Period) => Promise<S>; successText: string }) {
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

export function ClubCoachEditForm({ link, ...form }: EditProps<ClubCoach>) {
  return (
    <PeriodForm
      who={fullName(link.coach)}
      initial={periodOf(link)}
      save={(period) => updateClubCoach(link.id, { clubId: link.clubId, coachId: link.coachId, ...periodInput(period) })}
      successText={CLUB_MANAGER_SAVED}
      {...form}
    />
  );
}

export function ClubPlayerEditForm({ link, ...form }: EditProps<ClubPlayer>) {
  return (
    <PeriodForm
      who={fullName(link.player)}
      initial={periodOf(link)}
      save={(period) => updateClubPlayer(link.id, { clubId: link.clubId, playerId: link.playerId, ...periodInput(period) })}
      successText={PLAYER_SAVED}
      {...form}
    />
  );
}
