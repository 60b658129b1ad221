import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterSeatChange, Connection, statusText, type ConnStatus } from '../src/connection';

// A WebSocket stand-in: the test opens, feeds and closes it.
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  drop(reason = '', code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason });
  }
}

describe('Connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', {
      setTimeout: (f: () => void, ms: number) => setTimeout(f, ms),
      clearTimeout: (t: ReturnType<typeof setTimeout>) => clearTimeout(t),
      setInterval: (f: () => void, ms: number) => setInterval(f, ms),
      clearInterval: (t: ReturnType<typeof setInterval>) => clearInterval(t),
      addEventListener: () => {},
      removeEventListener: () => {},
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says hello with the last event on every connection, and reconnects after a drop', () => {
    let last = 0;
    const statuses: ConnStatus['kind'][] = [];
    const got: unknown[] = [];
    const c = new Connection({
      url: 'ws://h/ws',
      hello: () => ({ type: 'hello', table: 't', last }),
      onMessage: (m) => got.push(m),
      onStatus: (s) => statuses.push(s.kind),
    });
    c.start();
    expect(FakeSocket.all).toHaveLength(1);
    FakeSocket.all[0].open();
    expect(JSON.parse(FakeSocket.all[0].sent[0])).toEqual({ type: 'hello', table: 't', last: 0 });
    FakeSocket.all[0].onmessage!({ data: '{"type":"state","seq":7,"view":null}' });
    expect(got).toEqual([{ type: 'state', seq: 7, view: null }]);
    last = 7;

    FakeSocket.all[0].drop();
    expect(statuses.at(-1)).toBe('waiting');
    expect(c.send({ type: 'act' })).toBe(false);
    vi.advanceTimersByTime(400); // the first retry comes after 375 to 625 ms
    vi.advanceTimersByTime(300);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].drop(); // the server is still down: wait longer
    vi.advanceTimersByTime(700);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(700);
    expect(FakeSocket.all).toHaveLength(3);
    FakeSocket.all[2].open();
    expect(JSON.parse(FakeSocket.all[2].sent[0])).toEqual({ type: 'hello', table: 't', last: 7 });
    expect(statuses.at(-1)).toBe('open');
    expect(c.send({ type: 'act', action: 'bid 1' })).toBe(true);

    c.rehello(); // after taking a seat: hello again on the same socket
    expect(FakeSocket.all).toHaveLength(3);
    expect(FakeSocket.all[2].sent.map((s) => JSON.parse(s).type)).toEqual(['hello', 'act', 'hello']);

    c.stop();
    expect(statuses.at(-1)).toBe('stopped');
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('never opens a second socket to say hello again', () => {
    const c = new Connection({ url: 'ws://h/ws', hello: () => ({ type: 'hello' }), onMessage: () => {}, onStatus: () => {} });
    c.start();
    c.rehello(); // still connecting: its hello will do
    c.rehello();
    expect(FakeSocket.all).toHaveLength(1);
    FakeSocket.all[0].open();
    expect(FakeSocket.all[0].sent).toEqual(['{"type":"hello"}']);
    FakeSocket.all[0].drop();
    c.rehello(); // dropped: connect now, not after the back-off, and once
    c.rehello();
    expect(FakeSocket.all).toHaveLength(2);
    c.stop();
  });

  it("tells why the server closed the connection until one opens again", () => {
    const statuses: ConnStatus[] = [];
    const c = new Connection({ url: 'ws://h/ws', hello: () => ({ type: 'hello' }), onMessage: () => {}, onStatus: (s) => statuses.push(s) });
    c.start();
    FakeSocket.all[0].open();
    FakeSocket.all[0].onmessage!({ data: '{"type":"welcome","table":"t","seat":-1,"role":"spectator"}' });
    FakeSocket.all[0].drop('server shutting down', 1001);
    expect(statuses.at(-1)).toMatchObject({ kind: 'waiting', attempt: 1, reason: 'server shutting down' });
    vi.advanceTimersByTime(700);
    FakeSocket.all[1].drop(); // refused while it restarts: the reason still stands
    expect(statuses.at(-1)).toMatchObject({ kind: 'waiting', attempt: 2, reason: 'server shutting down' });
    vi.advanceTimersByTime(1300);
    FakeSocket.all[2].open();
    FakeSocket.all[2].drop(); // a drop without a word: no reason
    const last = statuses.at(-1)!;
    expect(last.kind).toBe('waiting');
    expect(last.kind === 'waiting' && last.reason).toBeFalsy();
    c.stop();
  });

  // Regression: the back-off started again at every open, so a server that accepts the socket and
  // closes it at once (too many connections from this address) was tried twice a second forever.
  it('backs off when the server closes each socket as it opens', () => {
    const statuses: ConnStatus[] = [];
    const c = new Connection({ url: 'ws://h/ws', hello: () => ({ type: 'hello' }), onMessage: () => {}, onStatus: (s) => statuses.push(s) });
    c.start();
    const waits: number[] = [];
    for (let k = 0; k < 6; ++k) {
      const ws = FakeSocket.all.at(-1)!;
      ws.open();
      ws.drop('too many connections: more than 128 WebSockets open from this address', 1008);
      const s = statuses.at(-1)!;
      expect(s).toMatchObject({ kind: 'waiting', attempt: k + 2 }); // the first try was 1
      expect(s.kind === 'waiting' && s.reason).toMatch(/^too many connections/);
      if (s.kind === 'waiting') waits.push(s.retryInMs);
      vi.advanceTimersByTime(10_000);
    }
    expect(waits[0]).toBeLessThanOrEqual(1250); // 1 s, with jitter
    expect(waits[5]).toBeGreaterThanOrEqual(3750); // 5 s, with jitter
    // A message from the server: the back-off starts again.
    const ws = FakeSocket.all.at(-1)!;
    ws.open();
    ws.onmessage!({ data: '{"type":"welcome","table":"t","seat":-1,"role":"spectator"}' });
    ws.drop();
    expect(statuses.at(-1)).toMatchObject({ kind: 'waiting', attempt: 1 });
    c.stop();
  });

  it('gives up a socket that hangs while connecting, and tries again', () => {
    const c = new Connection({ url: 'ws://h/ws', hello: () => ({ type: 'hello' }), onMessage: () => {}, onStatus: () => {}, connectMs: 3000 });
    c.start();
    vi.advanceTimersByTime(2900);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all[0].readyState).toBe(FakeSocket.CLOSED);
    vi.advanceTimersByTime(1300); // a second try, after 1 s with jitter
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open(); // an open socket is not timed out
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(FakeSocket.all[1].readyState).toBe(FakeSocket.OPEN);
    c.stop();
  });

  it('pings, and starts over when nothing is heard for three pings', () => {
    const c = new Connection({ url: 'ws://h/ws', hello: () => ({ type: 'hello' }), onMessage: () => {}, onStatus: () => {}, pingMs: 1000 });
    c.start();
    FakeSocket.all[0].open();
    FakeSocket.all[0].onmessage!({ data: '{"type":"pong"}' });
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all[0].sent.at(-1)).toBe('{"type":"ping"}');
    vi.advanceTimersByTime(3000); // no answer
    vi.advanceTimersByTime(700);
    expect(FakeSocket.all.length).toBe(2);
    c.stop();
  });
});

describe('the connection banner', () => {
  it('says what is happening, and why the server closed the connection when it said', () => {
    expect(statusText({ kind: 'connecting', attempt: 1 }, false)).toBe('Connecting…');
    expect(statusText({ kind: 'connecting', attempt: 1 }, true)).toBe('Reconnecting… (attempt 1)');
    expect(statusText({ kind: 'open' }, true)).toBe('');
    expect(statusText({ kind: 'waiting', attempt: 2, retryInMs: 1400 }, true)).toBe('Connection lost. Reconnecting in 1 s… (attempt 2)');
    expect(statusText({ kind: 'waiting', attempt: 1, retryInMs: 600, reason: 'rate limit: more than 20 messages a second' }, true)).toBe(
      'Connection lost: rate limit: more than 20 messages a second. Reconnecting in 1 s… (attempt 1)',
    );
  });
});

describe('after a seat is taken or left over HTTP', () => {
  it('waits for the server to welcome the same connection again, or says hello again', () => {
    // the welcome (player, or spectator after leaving) came before the HTTP answer
    expect(afterSeatChange({ done: true, open: true, helloToken: 't', token: 't' })).toBe('nothing');
    // the connection watched with this guest's token: the server moves it; hello only if no welcome comes
    expect(afterSeatChange({ done: false, open: true, helloToken: 't', token: 't' })).toBe('wait');
    // its hello had no token, or another guest's: the server cannot have moved it (a first visit
    // now says hello with the guest made to take the seat before the join: table.ts, helloFirst)
    expect(afterSeatChange({ done: false, open: true, helloToken: undefined, token: 't' })).toBe('hello');
    expect(afterSeatChange({ done: false, open: true, helloToken: 'old', token: 't' })).toBe('hello');
    // not connected now: the next connection's hello carries the seat's token
    expect(afterSeatChange({ done: false, open: false, helloToken: 't', token: 't' })).toBe('hello');
  });
});
