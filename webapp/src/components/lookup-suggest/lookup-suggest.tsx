import type { Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { AsyncSuggest } from '@/components/async-suggest/async-suggest';
import { foldText } from '@/lib/list-query';
import { loadClubs, loadFederations, lookups, type NamedItem } from '@/state/lookups';

interface NamedSuggestProps {
  id?: string;
  selectedId: number | null;
  onChange: (id: number) => void;
  intent?: Intent;
  disabled?: boolean;
}

function matching(items: readonly NamedItem[], query: string): NamedItem[] {
  const needle = foldText(query);
  return items.filter((item) => foldText(item.name).includes(needle));
}

const searchFederations = async (query: string) => matching(await loadFederations(), query);
const searchClubs = async (query: string) => matching(await loadClubs(), query);

function NamedSuggest({
  selectedId,
  items,
  kind,
  search,
  load,
  ...props
}: NamedSuggestProps & {
  items: readonly NamedItem[];
  kind: string;
  search: (query: string) => Promise<NamedItem[]>;
  load: () => Promise<unknown>;
}) {
  useEffect(() => {
    // Names for the chosen id; the list comes once per session.
    if (selectedId !== null) void load();
  }, [selectedId, load]);
  const selected =
    selectedId === null ? null : (items.find((item) => item.id === selectedId) ?? { id: selectedId, name: `${kind} ${selectedId}` });
  return (
    <AsyncSuggest<NamedItem>
      {...props}
      selected={selected}
      onChange={(item) => props.onChange(item.id)}
      search={search}
      itemKey={(item) => item.id}
      itemText={(item) => item.name}
      minQueryLength={0}
      placeholder={`Choose a ${kind.toLowerCase()}`}
    />
  );
}

/** Picks a federation from GET /api/Federations. */
export function FederationSuggest(props: NamedSuggestProps) {
  const { federations } = useSnapshot(lookups);
  return <NamedSuggest {...props} items={federations} kind="Federation" search={searchFederations} load={loadFederations} />;
}

/** Picks a club from GET /api/Clubs. */
export function ClubSuggest(props: NamedSuggestProps) {
  const { clubs } = useSnapshot(lookups);
  return <NamedSuggest {...props} items={clubs} kind="Club" search={searchClubs} load={loadClubs} />;
}
