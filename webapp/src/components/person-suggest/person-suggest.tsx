import type { Intent } from '@blueprintjs/core';
import { api, ApiRequestError, errorMessage } from '@/api/client';
import type { Schemas } from '@/api/types';
import { AsyncSuggest } from '@/components/async-suggest/async-suggest';
import { formatDate } from '@/lib/dates';
import { showError } from '@/lib/toaster';

type PersonSummary = Schemas['PersonSummary'];

/** Spec 01 §5 and §9: person search starts after 3 typed characters with an 800 ms debounce. */
export const PERSON_SEARCH_MIN_LENGTH = 3;
export const PERSON_SEARCH_DELAY_MS = 800;

/** Persons whose name or surname matches `input`; a server without the call finds nobody. */
export async function searchPersons(input: string): Promise<PersonSummary[]> {
  try {
    return await api.get<PersonSummary[]>(`/api/Persons/search?${new URLSearchParams({ input }).toString()}`);
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 404)) {
      void showError(errorMessage(error, 'Error loading data.'));
    }
    return [];
  }
}

/** "Name Surname (DD.MM.YYYY.)". */
export function personText(person: Pick<PersonSummary, 'name' | 'surname' | 'birthDate'>): string {
  const name = `${person.name} ${person.surname}`;
  return person.birthDate ? `${name} (${formatDate(person.birthDate)})` : name;
}

interface PersonSuggestProps {
  id?: string;
  selected: PersonSummary | null;
  onChange: (person: PersonSummary) => void;
  intent?: Intent;
  disabled?: boolean;
}

/** Finds a person by name or surname on the server. */
export function PersonSuggest({ id, selected, onChange, intent, disabled }: PersonSuggestProps) {
  return (
    <AsyncSuggest<PersonSummary>
      id={id}
      selected={selected}
      onChange={onChange}
      search={searchPersons}
      itemKey={(person) => person.id}
      itemText={personText}
      minQueryLength={PERSON_SEARCH_MIN_LENGTH}
      delayMs={PERSON_SEARCH_DELAY_MS}
      intent={intent}
      disabled={disabled}
      placeholder="Type at least 3 letters of a name"
    />
  );
}
