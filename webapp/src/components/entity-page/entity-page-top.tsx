import { Breadcrumbs, Button, Intent } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { PageHeader } from '@/components/page-header/page-header';

interface EntityPageTopProps {
  /** The list the entity belongs to, e.g. 'Clubs' at /clubs. */
  listTitle: string;
  listPath: string;
  name: string;
  /** The page's own path, e.g. /clubs/5; its Edit drawer is at /edit below it. */
  path: string;
  /** Loads the page again after an edit. */
  reload: () => void;
  /** The button that adds to the open tab (e.g. 'Add team'), when the user may. */
  add?: { text: string; onClick: () => void } | null;
  /** Present when the user may edit the entity: the drawer's title, whether its route is open, and its form. */
  edit?: { title: string; isOpen: boolean; form: (props: { onSaved: () => void; onCancel: () => void }) => ReactNode };
  /** Present when the user may delete the entity: the question, and the deletion; success returns to the list. */
  remove?: { question: string; warning?: string; run: () => Promise<boolean> };
}

/**
 * The top of an entity's page: the way back to its list, its name, and Add, Edit and Delete as
 * far as the user may; with the Edit drawer and the question before a deletion.
 */
export function EntityPageTop({ listTitle, listPath, name, path, reload, add, edit, remove }: EntityPageTopProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const close = () => navigate(path);
  return (
    <>
      <Breadcrumbs
        items={[
          {
            text: listTitle,
            href: listPath,
            onClick: (event) => {
              event.preventDefault();
              navigate(listPath);
            },
          },
          { text: name },
        ]}
      />
      <PageHeader
        title={name}
        actions={
          <>
            {add && <Button intent={Intent.PRIMARY} icon="plus" text={add.text} onClick={add.onClick} />}
            {edit && <Button icon="edit" text="Edit" onClick={() => navigate(`${path}/edit`)} />}
            {remove && <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />}
          </>
        }
      />
      {edit && (
        <EntityDrawer isOpen={edit.isOpen} title={edit.title} onClose={close}>
          {edit.form({
            onCancel: close,
            onSaved: () => {
              reload();
              close();
            },
          })}
        </EntityDrawer>
      )}
      <ConfirmDelete
        isOpen={confirming}
        question={remove?.question ?? ''}
        warning={remove?.warning}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (remove && (await remove.run())) navigate(listPath);
        }}
      />
    </>
  );
}
