import { Button, Intent } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { PageHeader } from '@/components/page-header/page-header';
import { type ServerColumn, ServerTable } from '@/components/server-table/server-table';
import { RowActions } from '@/components/row-actions/row-actions';
import { type RowRights, useRowRights } from '@/components/row-actions/row-rights';
import type { Page } from '@/lib/list-query';
import type { Module } from '@/lib/permissions';
import { screenModeFromPath } from '@/lib/screen-mode';
import type { ToastAction } from '@/lib/toaster';
import { useCan } from '@/state/use-can';
import { type ListColumn, type ListFilter, listColumns, listFilters, type ListRow } from './list-fields';

interface ListPageProps<T extends ListRow> {
  /** The table's columns; the actions column is added at the end. */
  columns: readonly ListColumn[];
  filters: readonly ListFilter[];
  list: {
    /** The rows' permission module: Add shows with its Create, Edit and Delete with its Update and Delete. */
    module: Module;
    /** The list's route, e.g. '/clubs'; rows link to `${path}/:id`, edit at `${path}/:id/edit`, add at `${path}/create`. */
    path: string;
    /** The page's title, e.g. 'Clubs'. */
    title: string;
    /** The Add button's text and the add drawer's title, e.g. 'Add club'. */
    add: string;
    /** What the table says when no row is found. */
    empty: string;
  };
  load: (params: URLSearchParams) => Promise<Page<T>>;
  /** Who may edit and delete which row, where the module's permission is not all (own entities). */
  rights?: (item: T) => RowRights;
  deletion: {
    question: string;
    /** What else the deletion takes with it, shown under the question (spec 01 §8). */
    warning?: string;
    /** Deletes with its toasts; true when the row is gone. */
    run: (id: number) => Promise<boolean>;
  };
  /** The add form in its drawer. */
  renderAddForm: (done: { onCancel: () => void; onSaved: (saved: { id: number }) => ToastAction }) => ReactNode;
}

/** What a row is called in its buttons' labels: a person by name and surname, anything else by name. */
const rowLabel = (row: ListRow) => (row.surname ? `${row.name} ${row.surname}` : row.name);

/**
 * A registry list paged by the server, with the Add drawer at `${path}/create` over it and the
 * row actions (Details, Edit, Delete with its confirmation). The list's query stays in the URL
 * while the drawer opens and closes.
 */
export function ListPage<T extends ListRow>(props: ListPageProps<T>) {
  const { list, columns, deletion, renderAddForm } = props;
  const { path, module } = list;
  const canCreate = useCan(module, 'Create');
  const moduleRights = useRowRights<T>(module);
  const rights = props.rights ?? moduleRights;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<T | null>(null);

  const reload = () => setReloads((count) => count + 1);
  const toList = () => navigate({ pathname: path, search });

  const withActions: ServerColumn<T>[] = [
    ...listColumns(path, columns),
    {
      key: 'actions',
      title: 'Actions',
      className: 'pd-actions-cell',
      render: (item) => {
        const allowed = rights(item);
        return (
          <RowActions
            detailsTo={`${path}/${item.id}`}
            label={rowLabel(item)}
            onEdit={allowed.update ? () => navigate(`${path}/${item.id}/edit`) : undefined}
            onDelete={allowed.remove ? () => setDeleting(item) : undefined}
          />
        );
      },
    },
  ];

  return (
    <div>
      <PageHeader
        title={list.title}
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text={list.add}
              onClick={() => navigate({ pathname: `${path}/create`, search })}
            />
          )
        }
      />
      <ServerTable
        columns={withActions}
        filters={listFilters(props.filters)}
        load={props.load}
        rowKey={(item) => item.id}
        emptyText={list.empty}
        reloadKey={reloads}
      />
      <EntityDrawer isOpen={mode === 'create'} title={list.add} onClose={toList}>
        {renderAddForm({
          onCancel: toList,
          // The new record may sort onto another page: its toast opens it.
          onSaved: (saved) => {
            reload();
            toList();
            return { text: 'Open', onClick: () => void navigate(`${path}/${saved.id}`) };
          },
        })}
      </EntityDrawer>
      <ConfirmDelete
        isOpen={deleting !== null}
        question={deletion.question}
        warning={deletion.warning}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deletion.run(deleting.id))) reload();
        }}
      />
    </div>
  );
}
