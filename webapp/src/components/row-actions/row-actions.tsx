import { Button, Intent } from '@blueprintjs/core';
import { Link } from 'react-router';

interface RowActionsProps {
  /** The row's details page. */
  detailsTo: string;
  /** What the row is called in the buttons' labels, e.g. 'Edit VK Partizan'. */
  label: string;
  /** Shown only when given (the user may edit this row). */
  onEdit?: () => void;
  /** Shown only when given (the user may delete this row). */
  onDelete?: () => void;
}

/** A list row's actions cell: the Details link, then Edit and Delete as far as the user may. */
export function RowActions({ detailsTo, label, onEdit, onDelete }: RowActionsProps) {
  return (
    <div className="pd-row-actions">
      <Link to={detailsTo}>Details</Link>
      {onEdit && <Button variant="minimal" icon="edit" aria-label={`Edit ${label}`} title="Edit" onClick={onEdit} />}
      {onDelete && (
        <Button
          variant="minimal"
          icon="trash"
          intent={Intent.DANGER}
          aria-label={`Delete ${label}`}
          title="Delete"
          onClick={onDelete}
        />
      )}
    </div>
  );
}
