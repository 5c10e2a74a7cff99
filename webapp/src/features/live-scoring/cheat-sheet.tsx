import './cheat-sheet.css';
import { Classes, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { Fragment } from 'react';
import { KEY_HELP, type KeyGroup, type KeyHelp } from '@/features/live-scoring/key-help';
import { SCORING_KEYS_CLASS } from '@/features/live-scoring/use-scoring';

export const CHEAT_SHEET_TITLE = 'Live scoring keys';

const COLUMNS = [0, 1, 2] as const;

/** The ways to type an action, each a run of keys, side by side. */
function Keys({ help }: { help: KeyHelp }) {
  return (
    <td className="pd-cheat-sheet-keys">
      {help.keys.map((sequence, i) => (
        <Fragment key={sequence.join(' ')}>
          {i > 0 && <span className={`pd-cheat-sheet-or ${Classes.TEXT_MUTED}`}>/</span>}
          <span className={Classes.KEY_COMBO}>
            {sequence.map((key) => (
              <kbd key={key} className={Classes.KEY}>
                {key}
              </kbd>
            ))}
          </span>
        </Fragment>
      ))}
    </td>
  );
}

function Group({ group, keys }: KeyGroup) {
  return (
    <section aria-label={group}>
      <h5 className={Classes.HEADING}>{group}</h5>
      <HTMLTable compact className="pd-cheat-sheet-table">
        <tbody>
          {keys.map((help) => (
            <tr key={help.action}>
              <Keys help={help} />
              <td>{help.action}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

/** Every key of the screen (`?`), the same list as docs/keyboard.md, in three columns of groups. */
export function CheatSheet({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    // Escape and `?` close it through the screen's keys, so Escape is read once.
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      canEscapeKeyClose={false}
      title={CHEAT_SHEET_TITLE}
      icon="key-command"
      className={`pd-cheat-sheet ${SCORING_KEYS_CLASS}`}
    >
      <DialogBody className="pd-cheat-sheet-body">
        {COLUMNS.map((column) => (
          <div key={column} className="pd-cheat-sheet-column">
            {KEY_HELP.filter((group) => group.column === column).map((group) => (
              <Group key={group.group} {...group} />
            ))}
          </div>
        ))}
      </DialogBody>
    </Dialog>
  );
}
