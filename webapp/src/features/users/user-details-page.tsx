import { useParams } from 'react-router';
import { ConfirmedAction } from '@/components/confirmed-action/confirmed-action';
import { DetailsList, yesNo } from '@/components/details-list/details-list';
import { personText } from '@/components/person-suggest/person-suggest';
import { RecordDetailsPage } from '@/components/record-details-page/record-details-page';
import { UserForm } from '@/features/users/user-form';
import { useTieNames } from '@/features/users/user-ties';
import {
  DELETE_USER_QUESTION,
  deleteUserWithToast,
  END_SIGN_INS_QUESTION,
  endUserSignIns,
  getUser,
  type User,
  USER_SIGN_INS_ENDED,
} from '@/features/users/users-api';
import { useCan } from '@/state/use-can';

/** A user's account, with the names of the federation and club it is tied to. */
function UserDetails({ user }: { user: User }) {
  const { federationOf, clubOf } = useTieNames([user]);
  return (
    <DetailsList
      rows={[
        ['Email', user.email],
        ['User name', user.userName],
        ['Type', user.type],
        ['Federation', federationOf(user)],
        ['Club', clubOf(user)],
        ['Person', user.person ? personText(user.person) : null],
        ['Phone', user.phoneNumber],
        ['Email confirmed', yesNo(user.emailConfirmed)],
      ]}
    />
  );
}

/** A user's details at /users/:userId; /users/:userId/edit opens the Edit user drawer over it. */
export default function UserDetailsPage() {
  const { userId } = useParams();
  const canUpdate = useCan('Users', 'Update');
  return (
    <RecordDetailsPage
      id={Number(userId)}
      load={getUser}
      list={{ module: 'Users', path: '/users', title: 'Users' }}
      noun="user"
      title={(user) => user.email}
      renderDetails={(user) => <UserDetails user={user} />}
      editTitle="Edit user"
      renderEditForm={(user, done) => <UserForm user={user} {...done} />}
      deletion={{ question: DELETE_USER_QUESTION, run: deleteUserWithToast }}
      actions={(user) =>
        canUpdate && (
          <ConfirmedAction
            icon="log-out"
            text="End sign-ins"
            question={END_SIGN_INS_QUESTION}
            run={() => endUserSignIns(user.id)}
            success={USER_SIGN_INS_ENDED}
            failure="The sign-ins could not be ended."
          />
        )
      }
    />
  );
}
