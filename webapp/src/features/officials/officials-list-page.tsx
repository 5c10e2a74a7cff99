import { ListPage } from '@/components/list-page/list-page';
import { PERSON_FILTERS } from '@/components/list-page/list-fields';
import { OfficialForm } from '@/features/officials/official-form';
import {
  DELETE_OFFICIAL_QUESTION,
  deleteOfficialWithToast,
  type Official,
  searchOfficials,
} from '@/features/officials/officials-api';

/** The officials list at /officials, paged by the server; /officials/create opens Add official. */
export default function OfficialsListPage() {
  return (
    <ListPage<Official>
      columns={['name', 'surname', 'title', 'birthDate', 'countryOfBirth', 'cityOfBirth']}
      filters={[...PERSON_FILTERS, 'Federation']}
      list={{ module: 'Officials', path: '/officials', title: 'Officials', add: 'Add official', empty: 'There are no officials.' }}
      load={searchOfficials}
      deletion={{ question: DELETE_OFFICIAL_QUESTION, run: deleteOfficialWithToast }}
      renderAddForm={(done) => <OfficialForm {...done} />}
    />
  );
}
