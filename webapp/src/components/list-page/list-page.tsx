import { Button, Intent } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { PageHeader } from '@/components/page-header/page-header';
import { type ServerColumn, type ServerFilter, ServerTable } from '@/components/server-table/server-table';
import { RowActions } from '@/components/row-actions/row-actions';
import type { RowRights } from '@/components/row-actions/row-rights';
import type { Page } from '@/lib/list-query';
import { screenModeFromPath } from '@/lib/screen-mode';

interface ListPageProps<T extends { id: number }> {
  /** The page's title, e.g. 'Clubs'. */
  title: string;
  /** The list's route, e.g. '/clubs'; rows link to `${path}/:id`, edit at `${path}/:id/edit`, add at `${path}/create`. */
  path: string;
  /** The Add button's text and the add drawer's title, e.g. 'Add club'. */
  addText: string;
  canCreate: boolean;
  /** The table's columns; the actions column is added at the end. */
  columns: readonly ServerColumn<T>[];
  filters: readonly ServerFilter[];
  load: (params: URLSearchParams) => Promise<Page<T>>;
  emptyText: string;
  /** What the row is called in its buttons' labels. */
  rowLabel: (item: T) => string;
  rights: (item: T) => RowRights;
  deleteQuestion: string;
  /** What else the deletion takes with it, shown under the question (spec 01 §8). */
  deleteWarning?: string;
  /** Deletes with its toasts; true when the row is gone. */
  deleteWithToast: (id: number) => Promise<boolean>;
  /** The add form in its drawer. */
  renderAddForm: (done: { onCancel: () => void; onSaved: () => void }) => ReactNode;
}

/**
 * A registry list paged by the server, with the Add drawer at `${path}/create` over it and the
 * row actions (Details, Edit, Delete with its confirmation). The list's query stays in the URL
 * while the drawer opens and closes.
 */
export function ListPage<T extends { id: number }>(props: ListPageProps<T>) {
  const { title, path, addText, canCreate, columns, rowLabel, rights, renderAddForm } = props;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode = screenModeFromPath(pathname);
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<T | null>(null);

  const reload = () => setReloads((count) => count + 1);
  const toList = () => navigate({ pathname: path, search });

  const withActions: ServerColumn<T>[] = [
    ...columns,
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
        title={title}
        actions={
          canCreate && (
            <Button
              intent={Intent.PRIMARY}
              icon="plus"
              text={addText}
              onClick={() => navigate({ pathname: `${path}/create`, search })}
            />
          )
        }
      />
      <ServerTable
        columns={withActions}
        filters={props.filters}
        load={props.load}
        rowKey={(item) => item.id}
        emptyText={props.emptyText}
        reloadKey={reloads}
      />
      <EntityDrawer isOpen={mode === 'create'} title={addText} onClose={toList}>
        {renderAddForm({
          onCancel: toList,
          onSaved: () => {
            reload();
            toList();
          },
        })}
      </EntityDrawer>
      <ConfirmDelete
        isOpen={deleting !== null}
        question={props.deleteQuestion}
        warning={props.deleteWarning}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await props.deleteWithToast(deleting.id))) reload();
        }}
      />
    </div>
  );
}
