import { Breadcrumbs, Button, Card, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiRequestError, errorMessage } from '@/api/client';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { PageHeader } from '@/components/page-header/page-header';
import { closeDrawerPath, screenModeFromPath } from '@/lib/screen-mode';
import { useCan } from '@/state/use-can';
import { type City, DELETE_CITY_QUESTION, deleteCityWithToast, getCity } from '@/features/cities/cities-api';
import { CityForm } from '@/features/cities/city-form';

type Loaded = { id: number; city: City; error: null } | { id: number; city: null; error: string };

/** A city's details at /cities/:cityId; /cities/:cityId/edit opens the Edit city drawer over it. */
export default function CityDetailsPage() {
  const { cityId } = useParams();
  const id = Number(cityId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const canUpdate = useCan('Cities', 'Update');
  const canDelete = useCan('Cities', 'Delete');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    let current = true;
    getCity(id).then(
      (city) => current && setLoaded({ id, city, error: null }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiRequestError && error.status === 404) navigate('/not-found', { replace: true });
        else setLoaded({ id, city: null, error: errorMessage(error, 'Error loading data.') });
      },
    );
    return () => {
      current = false;
    };
  }, [id, navigate]);

  if (loaded === null || loaded.id !== id) return <Loading />;
  if (loaded.city === null) {
    return <NonIdealState icon="error" title="The city could not be loaded" description={loaded.error} />;
  }
  const city = loaded.city;
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
            setLoaded({ id: saved.id, city: saved, error: null });
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
