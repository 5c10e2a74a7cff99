import { ListPage } from '@/components/list-page/list-page';
import { PERSON_FILTERS } from '@/components/list-page/list-fields';
import { CoachForm } from '@/features/coaches/coach-form';
import {
  type Coach,
  DELETE_COACH_QUESTION,
  deleteCoachWithToast,
  searchCoaches,
} from '@/features/coaches/coaches-api';

/**
 * The Club Managers list at /coaches, paged by the server; /coaches/create opens Add Club Manager.
 * A club manager has no fields of its own: its edit route edits the profile.
 */
export default function CoachesListPage() {
  return (
    <ListPage<Coach>
      columns={['name', 'surname', 'birthDate', 'countryOfBirth', 'cityOfBirth']}
      filters={[...PERSON_FILTERS, 'Club', 'Team']}
      list={{ module: 'Coaches', path: '/coaches', title: 'Club Managers', add: 'Add Club Manager', empty: 'There are no club managers.' }}
      load={searchCoaches}
      deletion={{ question: DELETE_COACH_QUESTION, run: deleteCoachWithToast }}
      renderAddForm={(done) => <CoachForm {...done} />}
    />
  );
}
