import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterSeatChange, Connection, type ConnStatus } from '../src/connection';

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
  onclose: (() => void) | null = null;
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
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
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

  it('pings, and starts over when nothing is heard for three pings', () => {
    const c = new Connection({ url: 'ws://h/ws', hello: () => ({ type: 'hello' }), onMessage: () => {}, onStatus: () => {}, pingMs: 1000 });
    c.start();
    FakeSocket.all[0].open();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all[0].sent.at(-1)).toBe('{"type":"ping"}');
    vi.advanceTimersByTime(3000); // no answer
    vi.advanceTimersByTime(700);
    expect(FakeSocket.all.length).toBe(2);
    c.stop();
  });
});

describe('after a seat is taken or left over HTTP', () => {
  it('waits for the server to welcome the same connection again, or says hello again', () => {
    // the welcome (player, or spectator after leaving) came before the HTTP answer
    expect(afterSeatChange({ done: true, open: true, helloToken: 't', token: 't' })).toBe('nothing');
    // the connection watched with this guest's token: the server moves it; hello only if no welcome comes
    expect(afterSeatChange({ done: false, open: true, helloToken: 't', token: 't' })).toBe('wait');
    // a first visit: its hello had no token (the guest was made to take the seat)
    expect(afterSeatChange({ done: false, open: true, helloToken: undefined, token: 't' })).toBe('hello');
    expect(afterSeatChange({ done: false, open: true, helloToken: 'old', token: 't' })).toBe('hello');
    // not connected now: the next connection's hello carries the seat's token
    expect(afterSeatChange({ done: false, open: false, helloToken: 't', token: 't' })).toBe('hello');
  });
});
