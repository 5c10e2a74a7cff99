import { Intent, Tag } from '@blueprintjs/core';
import { formatDateTime } from '@/lib/dates';

/** The live hub connection as a match screen shows it. */
export type ConnectionState = 'connecting' | 'online' | 'offline';

const CONNECTION: Readonly<Record<ConnectionState, { text: string; intent: Intent; title: string }>> = {
  connecting: { text: 'Connecting', intent: Intent.NONE, title: 'Connecting to the live match feed.' },
  online: { text: 'Live', intent: Intent.SUCCESS, title: 'Connected: changes from other devices show at once.' },
  offline: { text: 'Offline', intent: Intent.WARNING, title: 'Events wait on this device and are sent, in order, when the connection returns.' },
};

const COPY_TITLE =
  'The server could not be reached: this is the match as this device last had it, with the events logged since. It loads again when the connection returns.';

interface SessionStatusProps {
  connection: ConnectionState;
  /** Writes waiting in the outbox. */
  waiting: number;
  /** Writes the server refused, kept for the user to fix or drop. */
  refused: number;
  /** When the match shown is this device's copy (the server could not be reached): when it was taken. */
  savedAt: string | null;
}

/** The hub connection and the outbox of a match screen (match log, live scoring): what waits, what was refused. */
export function SessionStatus({ connection, waiting, refused, savedAt }: SessionStatusProps) {
  const { text, intent, title } = CONNECTION[connection];
  return (
    <>
      <Tag minimal multiline intent={intent} icon={connection === 'online' ? 'feed' : 'offline'} title={title}>
        {text}
      </Tag>
      {savedAt !== null && (
        <Tag minimal multiline intent={Intent.WARNING} icon="floppy-disk" title={COPY_TITLE}>
          Copy from {formatDateTime(savedAt)}
        </Tag>
      )}
      {waiting > 0 && (
        <Tag minimal multiline intent={Intent.WARNING} icon="time">
          {waiting} waiting to be sent
        </Tag>
      )}
      {refused > 0 && (
        <Tag minimal multiline intent={Intent.DANGER} icon="error">
          {refused} refused
        </Tag>
      )}
    </>
  );
}
