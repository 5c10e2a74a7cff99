import { Button, Intent } from '@blueprintjs/core';
import { Link } from 'react-router';

interface RowActionsProps {
  /** The row's details page; no Details link without it. */
  detailsTo?: string;
  /** What the row is called in the buttons' labels, e.g. 'Edit VK Partizan'. */
  label: string;
  /** Shown only when given (the user may edit this row). */
  onEdit?: () => void;
  /** Shown only when given (the user may delete this row). */
  onDelete?: () => void;
  /**
   * Where Delete only takes the row out of this page's list: the button's title, e.g. 'Remove
   * from the competition', and its label reads 'Remove …'.
   */
  removeTitle?: string;
}

/** A row's actions cell: the Details link, then Edit and Delete as far as the user may. */
export function RowActions({ detailsTo, label, onEdit, onDelete, removeTitle }: RowActionsProps) {
  return (
    <div className="pd-row-actions">
      {detailsTo && <Link to={detailsTo}>Details</Link>}
      {onEdit && <Button variant="minimal" icon="edit" aria-label={`Edit ${label}`} title="Edit" onClick={onEdit} />}
      {onDelete && (
        <Button
          variant="minimal"
          icon="trash"
          intent={Intent.DANGER}
          aria-label={`${removeTitle ? 'Remove' : 'Delete'} ${label}`}
          title={removeTitle ?? 'Delete'}
          onClick={onDelete}
        />
      )}
    </div>
  );
}
