// One WebSocket to the table, reconnecting by itself: after a drop it waits (0.5 s, 1 s, 2 s …
// at most 5 s, with jitter), connects again and says hello with the last event it has. The
// back-off starts again only once the server has sent something: a server that accepts the
// socket and closes it at once (too many connections from this address) is not retried twice a
// second. A socket still connecting after connectMs is given up and tried again.
import type { ServerMessage } from './types';

export type ConnStatus =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'open' }
  // reason: what the server said when it closed the connection, if it said anything (a close
  // with a reason, such as "server shutting down" or a rate limit), until a connection opens
  | { kind: 'waiting'; attempt: number; retryInMs: number; reason?: string }
  | { kind: 'stopped' };

export function backoffDelay(attempt: number, random = Math.random): number {
  const base = Math.min(500 * 2 ** Math.max(0, attempt - 1), 5000);
  return Math.round(base * (0.75 + 0.5 * random()));
}

export function wsUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ws`;
}

export interface ConnectionOptions {
  url: string;
  hello: () => Record<string, unknown>; // the hello to send on every (re)connection
  onMessage: (m: ServerMessage) => void;
  onStatus: (s: ConnStatus) => void;
  pingMs?: number; // a ping this often; no message for 3 of them: the connection is dead
  connectMs?: number; // a socket not open after this long is given up (default 10 s)
}

export class Connection {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private stopped = false;
  private retryTimer: number | undefined;
  private pingTimer: number | undefined;
  private connectTimer: number | undefined;
  private lastHeard = 0;
  private closeReason: string | undefined; // the server's, since the connection was last open
  private readonly onOnline = () => this.retryNow();

  constructor(private readonly opts: ConnectionOptions) {}

  start(): void {
    this.stopped = false;
    window.addEventListener('online', this.onOnline);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.onOnline);
    window.clearTimeout(this.retryTimer);
    window.clearTimeout(this.connectTimer);
    window.clearInterval(this.pingTimer);
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      ws.close();
    }
    this.opts.onStatus({ kind: 'stopped' });
  }

  get isOpen(): boolean {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  send(msg: Record<string, unknown>): boolean {
    if (!this.isOpen) return false;
    this.ws!.send(JSON.stringify(msg));
    return true;
  }

  // Say hello again on the open connection (after taking a seat), or connect now.
  rehello(): void {
    if (!this.send(this.opts.hello())) this.retryNow();
  }

  private retryNow(): void {
    if (this.stopped || (this.ws && this.ws.readyState <= WebSocket.OPEN)) return;
    window.clearTimeout(this.retryTimer);
    this.connect();
  }

  private connect(): void {
    if (this.stopped) return;
    this.attempt += 1;
    this.opts.onStatus({ kind: 'connecting', attempt: this.attempt });
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.opts.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    window.clearTimeout(this.connectTimer);
    this.connectTimer = window.setTimeout(() => {
      if (ws.readyState !== WebSocket.CONNECTING) return;
      ws.close(); // a connect that hangs (packets dropped): start over
      this.dropped(ws);
    }, this.opts.connectMs ?? 10000);
    ws.onopen = () => {
      window.clearTimeout(this.connectTimer);
      this.closeReason = undefined;
      this.lastHeard = Date.now();
      ws.send(JSON.stringify(this.opts.hello()));
      this.opts.onStatus({ kind: 'open' });
      const ping = this.opts.pingMs ?? 15000;
      window.clearInterval(this.pingTimer);
      this.pingTimer = window.setInterval(() => {
        if (Date.now() - this.lastHeard > 3 * ping) {
          ws.close(); // dead without a close: start over
          this.dropped(ws);
          return;
        }
        if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
      }, ping);
    };
    ws.onmessage = (e: MessageEvent) => {
      this.lastHeard = Date.now();
      this.attempt = 0; // the server took us in
      let m: ServerMessage;
      try {
        m = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      this.opts.onMessage(m);
    };
    ws.onclose = (e: CloseEvent) => {
      if (this.ws === ws && e.reason) this.closeReason = e.reason;
      this.dropped(ws);
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  private dropped(ws: WebSocket): void {
    if (this.ws !== ws) return;
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    this.ws = null;
    window.clearTimeout(this.connectTimer);
    window.clearInterval(this.pingTimer);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    // this.attempt: the tries that failed since the server last sent something
    const delay = backoffDelay(this.attempt + 1);
    this.opts.onStatus({ kind: 'waiting', attempt: this.attempt + 1, retryInMs: delay, ...(this.closeReason ? { reason: this.closeReason } : {}) });
    window.clearTimeout(this.retryTimer);
    this.retryTimer = window.setTimeout(() => this.connect(), delay);
  }
}

// The banner over the table for a connection status ('' when there is nothing to say).
export function statusText(s: ConnStatus, everOpen: boolean): string {
  if (s.kind === 'waiting') {
    const lost = s.reason ? `Connection lost: ${s.reason}.` : 'Connection lost.';
    return `${lost} Reconnecting in ${Math.max(1, Math.round(s.retryInMs / 1000))} s… (attempt ${s.attempt})`;
  }
  if (s.kind === 'connecting') return everOpen || s.attempt > 1 ? `Reconnecting… (attempt ${s.attempt})` : 'Connecting…';
  return '';
}

// After a seat is taken or left over HTTP, what the page does about its connection: nothing when
// the server has already welcomed it in its new role; wait for that welcome when the open
// connection said hello with the same token (the server moves such a connection itself); else
// say hello again (a connection that said hello without a token, or with another guest's). One
// socket either way: hello is said again on the open connection, or on the next one.
export function afterSeatChange(o: { done: boolean; open: boolean; helloToken: string | undefined; token: string }): 'nothing' | 'wait' | 'hello' {
  if (o.done) return 'nothing';
  if (o.open && o.helloToken === o.token) return 'wait';
  return 'hello';
}
