import { Breadcrumbs, Button, Card, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { useDetail } from '@/lib/use-detail';
import { PageHeader } from '@/components/page-header/page-header';
import { closeDrawerPath, screenModeFromPath } from '@/lib/screen-mode';
import { useCan } from '@/state/use-can';
import { DELETE_CITY_QUESTION, deleteCityWithToast, getCity } from '@/features/cities/cities-api';
import { CityForm } from '@/features/cities/city-form';

/** A city's details at /cities/:cityId; /cities/:cityId/edit opens the Edit city drawer over it. */
export default function CityDetailsPage() {
  const { cityId } = useParams();
  const id = Number(cityId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const canUpdate = useCan('Cities', 'Update');
  const canDelete = useCan('Cities', 'Delete');
  const { state: loaded, setDetail } = useDetail(id, getCity);
  const [confirming, setConfirming] = useState(false);

  if (loaded === null) return <Loading />;
  if (loaded.detail === null) {
    return <NonIdealState icon="error" title="The city could not be loaded" description={loaded.error} />;
  }
  const city = loaded.detail;
  const toDetails = () => navigate(closeDrawerPath(pathname));

  return (
    <div>
      <Breadcrumbs
        items={[
          {
            text: 'Cities',
            href: '/cities',
            onClick: (event) => {
              event.preventDefault();
              navigate('/cities');
            },
          },
          { text: city.name },
        ]}
      />
      <PageHeader
        title={city.name}
        actions={
          <>
            {canUpdate && <Button icon="edit" text="Edit" onClick={() => navigate(`/cities/${city.id}/edit`)} />}
            {canDelete && (
              <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />
            )}
          </>
        }
      />
      <Card className="pd-details">
        <dl className="pd-details-list">
          <dt className={Classes.TEXT_MUTED}>Name</dt>
          <dd>{city.name}</dd>
          <dt className={Classes.TEXT_MUTED}>Universal name</dt>
          <dd>{city.nameUniversal}</dd>
          <dt className={Classes.TEXT_MUTED}>Country</dt>
          <dd>{city.country.name}</dd>
        </dl>
      </Card>
      <EntityDrawer isOpen={mode === 'edit'} title="Edit city" onClose={toDetails}>
        <CityForm
          key={city.id}
          city={city}
          onCancel={toDetails}
          onSaved={(saved) => {
            setDetail(saved);
            toDetails();
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={DELETE_CITY_QUESTION}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await deleteCityWithToast(city.id)) navigate('/cities');
        }}
      />
    </div>
  );
}
