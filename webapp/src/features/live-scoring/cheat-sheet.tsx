import { Classes, Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { KEY_HELP } from '@/features/live-scoring/key-help';
import { SCORING_KEYS_CLASS } from '@/features/live-scoring/use-scoring';

export const CHEAT_SHEET_TITLE = 'Live scoring keys';

/** Every key of the screen (`?`), the same list as docs/keyboard.md. */
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
      <DialogBody>
        {KEY_HELP.map(({ group, keys }) => (
          <section key={group}>
            <h4 className={Classes.HEADING}>{group}</h4>
            <HTMLTable compact className="pd-cheat-sheet-table">
              <tbody>
                {keys.map((help) => (
                  <tr key={`${help.keys.join(' ')} ${help.action}`}>
                    <td className={`pd-cheat-sheet-keys ${Classes.KEY_COMBO}`}>
                      {help.keys.map((key) => (
                        <kbd key={key} className={Classes.KEY}>
                          {key}
                        </kbd>
                      ))}
                    </td>
                    <td>{help.action}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </section>
        ))}
      </DialogBody>
    </Dialog>
  );
}
