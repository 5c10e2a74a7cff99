// The live hub's WebSocket in unit tests: the test opens it, feeds it messages and drops it by
// hand, and reads what the app sent.
import type { ServerMessage, SocketLike } from '@/lib/hub';

export class FakeSocket implements SocketLike {
  /** The socket made last (the app makes them through `new WebSocket`). */
  static last: FakeSocket | null = null;
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  /** What the app sent, parsed. */
  sent: unknown[] = [];
  closed = false;

  constructor(readonly url: string) {
    FakeSocket.last = this;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The connection breaks from the server's side. */
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  receive(message: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}
