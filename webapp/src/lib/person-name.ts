/** A person's name as the pages show it, e.g. 'Dejan Savić'; '' when the person is unknown. */
export const fullName = (person: { name: string; surname: string } | null | undefined) =>
  person ? `${person.name} ${person.surname}` : '';
