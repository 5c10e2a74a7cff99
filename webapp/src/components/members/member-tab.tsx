/**
 * The Club Managers and Players tabs of a club's or team's page: the members in a table, the
 * drawers that add one or edit one (/coaches/create, /coaches/:coachId/edit, ...) and the question
 * before one is removed.
 */
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDelete } from '@/components/confirm-delete/confirm-delete';
import { EntityDrawer } from '@/components/entity-drawer/entity-drawer';
import { RowsTable } from '@/components/members/rows-table';
import { RowActions } from '@/components/row-actions/row-actions';
import { formatDate } from '@/lib/dates';
import { fullName } from '@/lib/person-name';
import { useCan } from '@/state/use-can';

interface MemberLink {
  id: number;
  activeFrom?: string | null;
  activeTo?: string | null;
}

interface DrawerFormProps {
  onSaved: () => void;
  onCancel: () => void;
}

export interface Members<L extends MemberLink> {
  /** The tab's path below the page, which is also where a member's own page lives: /coaches/7. */
  path: 'coaches' | 'players';
  links: readonly L[];
  /** The coach's or player's id. */
  memberId: (link: L) => number;
  person: (link: L) => { name: string; surname: string } | null | undefined;
  /** Columns between Surname and Active from, e.g. Role. */
  columns?: readonly (readonly [title: string, cell: (link: L) => ReactNode])[];
  emptyText: string;
  addTitle: string;
  editTitle: string;
  removeQuestion: string;
  remove: (linkId: number) => Promise<boolean>;
  renderAdd: (form: DrawerFormProps) => ReactNode;
  renderEdit: (link: L, form: DrawerFormProps) => ReactNode;
  mayAdd: boolean;
  mayEdit: boolean;
  mayRemove: boolean;
}

/** The membership an edit route (/:tab/:memberId/edit) names, when the user may edit it. */
export function editedMember<L extends MemberLink>(members: Members<L>, tab: string, memberId: number | null): L | undefined {
  if (tab !== members.path || !members.mayEdit) return undefined;
  return members.links.find((link) => members.memberId(link) === memberId);
}

interface MemberTabProps<L extends MemberLink> {
  members: Members<L>;
  /** The page's path, e.g. /clubs/5. */
  base: string;
  tab: string;
  drawer: 'edit' | 'create' | null;
  memberId: number | null;
  /** Loads the page again after a member was added, changed or removed. */
  reload: () => void;
}

export function MemberTab<L extends MemberLink>({ members, base, tab, drawer, memberId, reload }: MemberTabProps<L>) {
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<L | null>(null);
  const tabPath = `${base}/${members.path}`;
  const edited = editedMember(members, tab, memberId);
  const form: DrawerFormProps = {
    onCancel: () => navigate(tabPath),
    onSaved: () => {
      reload();
      navigate(tabPath);
    },
  };
  const columns = members.columns ?? [];
  return (
    <>
      {tab === members.path && (
        <RowsTable
          rows={members.links}
          head={['Name', 'Surname', ...columns.map(([title]) => title), 'Active from', 'Active to', 'Actions']}
          rowKey={(link) => link.id}
          emptyText={members.emptyText}
          row={(link) => [
            members.person(link)?.name ?? '',
            members.person(link)?.surname ?? '',
            ...columns.map(([, cell]) => cell(link)),
            formatDate(link.activeFrom),
            formatDate(link.activeTo),
            <RowActions
              key="actions"
              detailsTo={`/${members.path}/${members.memberId(link)}`}
              label={fullName(members.person(link))}
              onEdit={members.mayEdit ? () => navigate(`${tabPath}/${members.memberId(link)}/edit`) : undefined}
              onDelete={members.mayRemove ? () => setRemoving(link) : undefined}
              removeTitle="Remove"
            />,
          ]}
        />
      )}
      <EntityDrawer isOpen={tab === members.path && drawer === 'create'} title={members.addTitle} onClose={form.onCancel}>
        {members.renderAdd(form)}
      </EntityDrawer>
      <EntityDrawer isOpen={edited !== undefined} title={members.editTitle} onClose={form.onCancel}>
        {edited && members.renderEdit(edited, form)}
      </EntityDrawer>
      <ConfirmDelete
        isOpen={removing !== null}
        question={members.removeQuestion}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing !== null && (await members.remove(removing.id))) reload();
        }}
      />
    </>
  );
}

/** The Club Managers and Players tabs of a page. */
export function MemberTabs<C extends MemberLink, P extends MemberLink>({
  coaches,
  players,
  ...page
}: Omit<MemberTabProps<C>, 'members'> & { coaches: Members<C>; players: Members<P> }) {
  return (
    <>
      <MemberTab members={coaches} {...page} />
      <MemberTab members={players} {...page} />
    </>
  );
}

type MemberRights = Pick<Members<MemberLink>, 'mayAdd' | 'mayEdit' | 'mayRemove'>;

/**
 * What the user may do with the club managers and players of a club or team: the permission
 * table's, and only on a club or team of their own (spec 01 §6).
 */
export function useMemberRights(): { readCoaches: boolean; on: (owned: boolean) => { coaches: MemberRights; players: MemberRights } } {
  const readCoaches = useCan('Coaches', 'Read');
  const coaches = [useCan('Coaches', 'Create'), useCan('Coaches', 'Update'), useCan('Coaches', 'Delete')] as const;
  const players = [useCan('Players', 'Create'), useCan('Players', 'Update'), useCan('Players', 'Delete')] as const;
  const rights = ([add, edit, remove]: readonly [boolean, boolean, boolean], owned: boolean) => ({
    mayAdd: add && owned,
    mayEdit: edit && owned,
    mayRemove: remove && owned,
  });
  return { readCoaches, on: (owned) => ({ coaches: rights(coaches, owned), players: rights(players, owned) }) };
}

/** The parts of the Club Managers tab that do not depend on the club or team. */
export const COACH_MEMBERS = {
  path: 'coaches',
  memberId: (link: { coachId: number }) => link.coachId,
  person: (link: { coach?: { name: string; surname: string } | null }) => link.coach,
  addTitle: 'Add Club Manager',
  editTitle: 'Edit Club Manager',
} as const;

/** The parts of the Players tab that do not depend on the club or team. */
export const PLAYER_MEMBERS = {
  path: 'players',
  memberId: (link: { playerId: number }) => link.playerId,
  person: (link: { player?: { name: string; surname: string } | null }) => link.player,
  addTitle: 'Add player',
  editTitle: 'Edit player',
} as const;
