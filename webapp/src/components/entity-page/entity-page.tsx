import { Button, Intent, Tab, Tabs } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { ListBreadcrumbs, PageHeader } from '@/components/page-header/page-header';

interface EntityPageProps {
  /** The list the entity belongs to, e.g. 'Clubs' at /clubs. */
  listTitle: string;
  listPath: string;
  name: string;
  /** The page's own path, e.g. /clubs/5, where its first tab shows; the others and the Edit drawer are below it. */
  path: string;
  tabsId: string;
  /** The tabs by id and title; false for one the user may not see. */
  tabs: readonly (readonly [id: string, title: string] | false)[];
  /** The open tab, and the drawer the path opens. */
  tab: string;
  drawer: 'edit' | 'create' | null;
  /** Whether the user may edit and delete the entity. */
  rights: { update: boolean; remove: boolean };
  /** The open tab's panel, and the drawers the page opens by route. */
  children: ReactNode;
  /** Loads the page again after an edit. */
  reload: () => void;
  /** The button that adds to the open tab (e.g. 'Add team'), when the user may. */
  add?: { text: string; onClick: () => void } | null;
  /** The Edit drawer's title and form, at /edit below the first tab. */
  edit: { title: string; form: (props: { onSaved: () => void; onCancel: () => void }) => ReactNode };
  /** The question before a deletion, and the deletion; success returns to the list. */
  remove: { question: string; warning?: string; run: () => Promise<boolean> };
}

/**
 * An entity's page with tabs: the way back to its list, its name, Add, Edit and Delete as far as
 * the user may, the tabs by route (/clubs/5, /clubs/5/teams...), the Edit drawer and the question
 * before a deletion.
 */
export function EntityPage(props: EntityPageProps) {
  const { listTitle, listPath, name, path, tabsId, tabs, tab, drawer, rights, children, reload, add, edit, remove } = props;
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const close = () => navigate(path);
  const first = tabs.find((entry) => entry !== false)?.[0];
  return (
    <div>
      <ListBreadcrumbs listTitle={listTitle} listPath={listPath} name={name} />
      <PageHeader
        title={name}
        actions={
          <>
            {add && <Button intent={Intent.PRIMARY} icon="plus" text={add.text} onClick={add.onClick} />}
            {rights.update && <Button icon="edit" text="Edit" onClick={() => navigate(`${path}/edit`)} />}
            {rights.remove && <Button icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setConfirming(true)} />}
          </>
        }
      />
      <Tabs id={tabsId} selectedTabId={tab} onChange={(next) => navigate(next === first ? path : `${path}/${String(next)}`)}>
        {tabs.map((entry) => entry && <Tab key={entry[0]} id={entry[0]} title={entry[1]} />)}
      </Tabs>
      <div className="pd-tab-panel" style={{ marginTop: 16 }}>
        {children}
      </div>
      <EntityDrawer isOpen={rights.update && drawer === 'edit' && tab === first} title={edit.title} onClose={close}>
        {edit.form({
          onCancel: close,
          onSaved: () => {
            reload();
            close();
          },
        })}
      </EntityDrawer>
      <ConfirmDelete
        isOpen={confirming}
        question={remove.question}
        warning={remove.warning}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          if (await remove.run()) navigate(listPath);
        }}
      />
    </div>
  );
}
