import { useParams } from 'react-router';
import { DetailsList } from '@/components/details-list/details-list';
import { RecordDetailsPage } from '@/components/record-details-page/record-details-page';
import { DELETE_CITY_QUESTION, deleteCityWithToast, getCity } from '@/features/cities/cities-api';
import { CityForm } from '@/features/cities/city-form';

/** A city's details at /cities/:cityId; /cities/:cityId/edit opens the Edit city drawer over it. */
export default function CityDetailsPage() {
  const { cityId } = useParams();
  return (
    <RecordDetailsPage
      id={Number(cityId)}
      load={getCity}
      list={{ module: 'Cities', path: '/cities', title: 'Cities' }}
      noun="city"
      title={(city) => city.name}
      renderDetails={(city) => (
        <DetailsList
          rows={[
            ['Name', city.name],
            ['Universal name', city.nameUniversal],
            ['Country', city.country.name],
          ]}
        />
      )}
      editTitle="Edit city"
      renderEditForm={(city, done) => <CityForm city={city} {...done} />}
      deletion={{ question: DELETE_CITY_QUESTION, run: deleteCityWithToast }}
    />
  );
}
