import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import { Fragment, type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { Loading } from '@/components/loading/loading';
import { ListBreadcrumbs, PageHeader } from '@/components/page-header/page-header';
import type { Module } from '@/lib/permissions';
import { closeDrawerPath, screenModeFromPath } from '@/lib/screen-mode';
import { useDetail } from '@/lib/use-detail';
import { useCan } from '@/state/use-can';

interface RecordDetailsPageProps<D extends { id: number }> {
  id: number;
  load: (id: number) => Promise<D>;
  /**
   * The list the record is in: its permission module (Edit shows with its Update, Delete with its
   * Delete), route and title, e.g. 'Cities' at '/cities'.
   */
  list: { module: Module; path: string; title: string };
  /** What the record is called where it cannot load, e.g. 'city'. */
  noun: string;
  title: (detail: D) => string;
  /** The details card. */
  renderDetails: (detail: D) => ReactNode;
  editTitle: string;
  renderEditForm: (detail: D, done: { onCancel: () => void; onSaved: (saved: D) => void }) => ReactNode;
  deletion: { question: string; run: (id: number) => Promise<boolean> };
  /** Further actions of the record, shown before Edit and Delete; `reload` loads the record again. */
  actions?: (detail: D, reload: () => void) => ReactNode;
}

/**
 * The page of a record without tabs at `${list.path}/:id`: its details, Edit (its drawer at
 * `/edit` over the page) and Delete after the confirmation, back to the list.
 */
export function RecordDetailsPage<D extends { id: number }>(props: RecordDetailsPageProps<D>) {
  const { list, deletion } = props;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const canUpdate = useCan(list.module, 'Update');
  const canDelete = useCan(list.module, 'Delete');
  const { state: loaded, setDetail, reload } = useDetail(props.id, props.load);
  const [confirming, setConfirming] = useState(false);

  if (loaded === null) return <Loading />;
  if (loaded.detail === null) {
    return <NonIdealState icon="error" title={`The ${props.noun} could not be loaded`} description={loaded.error} />;
  }
  const detail = loaded.detail;
  const title = props.title(detail);
  const toDetails = () => navigate(closeDrawerPath(pathname));

  return (
    <div>
      <ListBreadcrumbs listTitle={list.title} listPath={list.path} name={title} />
      <PageHeader
        title={title}
        actions={
          <>
            {props.actions?.(detail, reload)}
            {canUpdate && <Button icon="edit" text="Edit" onClick={() => navigate(`${list.path}/${detail.id}/edit`)} />}
            {canDelete && (
              <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />
            )}
          </>
        }
      />
      {props.renderDetails(detail)}
      <EntityDrawer isOpen={screenModeFromPath(pathname) === 'edit'} title={props.editTitle} onClose={toDetails}>
        <Fragment key={detail.id}>
          {props.renderEditForm(detail, {
            onCancel: toDetails,
            onSaved: (saved) => {
              setDetail(saved);
              toDetails();
            },
          })}
        </Fragment>
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={deletion.question}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await deletion.run(detail.id)) navigate(list.path);
        }}
      />
    </div>
  );
}
