import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/api/client';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { type Column, DataTable } from '@/components/data-table/data-table';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { RowActions } from '@/components/row-actions/row-actions';
import { PageHeader } from '@/components/page-header/page-header';
import { screenModeFromPath } from '@/lib/screen-mode';
import { useCan } from '@/state/use-can';
import { type City, DELETE_CITY_QUESTION, deleteCityWithToast, listCities } from '@/features/cities/cities-api';
import { CityForm } from '@/features/cities/city-form';

type ListState = { cities: City[]; error: null } | { cities: null; error: string | null };

/** The cities list at /cities; /cities/create opens the Add city drawer over it. */
export default function CitiesListPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const canCreate = useCan('Cities', 'Create');
  const canUpdate = useCan('Cities', 'Update');
  const canDelete = useCan('Cities', 'Delete');
  const [state, setState] = useState<ListState>({ cities: null, error: null });
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<City | null>(null);

  useEffect(() => {
    let current = true;
    listCities().then(
      (cities) => current && setState({ cities, error: null }),
      (error: unknown) => current && setState({ cities: null, error: errorMessage(error, 'Error loading data.') }),
    );
    return () => {
      current = false;
    };
  }, [reloads]);

  const reload = () => setReloads((count) => count + 1);
  // The list state stays in the query string while the drawer opens and closes.
  const toList = () => navigate({ pathname: '/cities', search });

  const columns: Column<City>[] = [
    {
      key: 'name',
      title: 'Name',
      value: (city) => city.name,
      render: (city) => <Link to={`/cities/${city.id}`}>{city.name}</Link>,
    },
    { key: 'nameUniversal', title: 'Universal name', value: (city) => city.nameUniversal },
    { key: 'country', title: 'Country', value: (city) => city.country.name },
    {
      key: 'actions',
      title: 'Actions',
      className: 'pd-actions-cell',
      render: (city) => (
        <RowActions
          detailsTo={`/cities/${city.id}`}
          label={city.name}
          onEdit={canUpdate ? () => navigate(`/cities/${city.id}/edit`) : undefined}
          onDelete={canDelete ? () => setDeleting(city) : undefined}
        />
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Cities"
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text="Add city"
              onClick={() => navigate({ pathname: '/cities/create', search })}
            />
          )
        }
      />
      {state.cities ? (
        <DataTable
          items={state.cities}
          columns={columns}
          rowKey={(city) => city.id}
          emptyText="There are no cities."
          filterPlaceholder="Filter by name, universal name or country"
        />
      ) : state.error !== null ? (
        <NonIdealState icon="error" title="The cities could not be loaded" description={state.error} />
      ) : (
        <Loading />
      )}
      <EntityDrawer isOpen={mode === 'create'} title="Add city" onClose={toList}>
        <CityForm
          city={null}
          onCancel={toList}
          onSaved={() => {
            reload();
            toList();
          }}
        />
      </EntityDrawer>
      <ConfirmDelete
        isOpen={deleting !== null}
        question={DELETE_CITY_QUESTION}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deleteCityWithToast(deleting.id))) reload();
        }}
      />
    </div>
  );
}
