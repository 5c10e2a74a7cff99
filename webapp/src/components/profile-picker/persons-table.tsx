import { Button, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import type { Person } from '@/components/profile-picker/person-validation';
import { formatDate } from '@/lib/dates';
import { TableFrame } from '@/components/table-frame/table-frame';

/** The roles a person holds, as spec 01 §2 names them. */
export function personRoles(person: Pick<Person, 'officialId' | 'coachId' | 'playerId'>): string[] {
  const roles: string[] = [];
  if (person.officialId !== null && person.officialId !== undefined) roles.push('Official');
  if (person.coachId !== null && person.coachId !== undefined) roles.push('Club Manager');
  if (person.playerId !== null && person.playerId !== undefined) roles.push('Player');
  return roles;
}

interface PersonsTableProps {
  persons: readonly Person[];
  /** When given, each row offers a Choose button. */
  onPick?: (person: Person) => void;
  /** Why a person cannot be chosen (e.g. 'This person is already a coach!'), if so. */
  takenText?: (person: Person) => string | undefined;
}

/** Persons with name, surname, birth date (DD.MM.YYYY.) and roles (spec 01 §2). */
export function PersonsTable({ persons, onPick, takenText }: PersonsTableProps) {
  return (
    <TableFrame>
      <HTMLTable compact striped className="pd-persons-table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Surname</th>
            <th>Birth date</th>
            <th>Roles</th>
            {onPick && <th aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>
          {persons.map((person) => {
            const taken = takenText?.(person);
            return (
              <tr key={person.id}>
                <td>{person.name}</td>
                <td>{person.surname}</td>
                <td>{formatDate(person.birthDate)}</td>
                <td>
                  <span className="pd-tags">
                    {personRoles(person).map((role) => (
                      <Tag key={role} minimal>
                        {role}
                      </Tag>
                    ))}
                  </span>
                </td>
                {onPick && (
                  <td className="pd-actions-cell">
                    {taken !== undefined ? (
                      <Tag intent={Intent.WARNING} minimal>
                        {taken}
                      </Tag>
                    ) : (
                      <Button
                        size="small"
                        text="Choose"
                        aria-label={`Choose ${person.name} ${person.surname}`}
                        onClick={() => onPick(person)}
                      />
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </TableFrame>
  );
}
