import { ListPage } from '@/components/list-page/list-page';
import { useRowRights } from '@/components/row-actions/row-rights';
import { ownsFederation } from '@/features/competitions/ownership';
import {
  DELETE_FEDERATION_QUESTION,
  deleteFederationWithToast,
  type Federation,
  searchFederations,
} from '@/features/federations/federations-api';
import { FederationForm } from '@/features/federations/federation-form';

/** The federations list at /federations, paged by the server; /federations/create opens Add federation. */
export default function FederationsListPage() {
  return (
    <ListPage<Federation>
      columns={['name', 'nameUniversal', 'shortName', 'country', 'activeFrom', 'activeTo', 'pro']}
      filters={['NameUniversal', 'ShortName', 'ActiveFrom', 'ActiveTo', 'IsPro', 'Country']}
      list={{ module: 'Federations', path: '/federations', title: 'Federations', add: 'Add federation', empty: 'There are no federations.' }}
      load={searchFederations}
      rights={useRowRights<Federation>('Federations', (profile, federation) => ownsFederation(profile, federation.id))}
      deletion={{ question: DELETE_FEDERATION_QUESTION, run: deleteFederationWithToast }}
      renderAddForm={(done) => <FederationForm federation={null} {...done} />}
    />
  );
}
