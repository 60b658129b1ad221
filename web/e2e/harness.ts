// The end-to-end harness: a real `whist serve` (WHIST_BIN, default build/whist) on a free port
// with a temporary database, and Debian's chromium (CHROMIUM, default /usr/bin/chromium)
// launched headless with an empty profile by playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
export const WEB_DIR = resolve(here, '..');
export const WHIST_BIN = process.env.WHIST_BIN ?? resolve(WEB_DIR, '../build/whist');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const DIST = resolve(WEB_DIR, 'dist');
export const RESULTS = resolve(WEB_DIR, 'test-results');

export class Server {
  proc: ChildProcess | null = null;
  port = 0;
  readonly dir = mkdtempSync(join(tmpdir(), 'whist-e2e-'));
  readonly db = join(this.dir, 'tables.sqlite');
  log = '';

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  // Starts the server (on the same port as before after a kill, so the pages find it again).
  async start(extra: string[] = []): Promise<void> {
    const args = ['serve', '--port', String(this.port), '--db', this.db, '--web', DIST, ...extra];
    const proc = spawn(WHIST_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.proc = proc;
    // a test that fails or times out must not leave its server running
    const reap = () => proc.exitCode === null && proc.kill('SIGKILL');
    process.once('exit', reap);
    proc.once('exit', () => process.removeListener('exit', reap));
    this.port = await new Promise<number>((ok, fail) => {
      let out = '';
      const timer = setTimeout(() => fail(new Error(`whist serve did not start: ${out}`)), 15_000);
      const onData = (b: Buffer) => {
        out += b.toString();
        this.log += b.toString();
        const m = out.match(/listening on http:\/\/[^:\s]+:(\d+)/);
        if (m) {
          clearTimeout(timer);
          ok(Number(m[1]));
        }
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', onData);
      proc.on('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`whist serve exited (${code}): ${out}`));
      });
    });
    proc.stdout!.on('data', (b: Buffer) => (this.log += b.toString()));
    proc.stderr!.on('data', (b: Buffer) => (this.log += b.toString()));
  }

  // SIGKILL: no chance to close anything.
  async kill(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((ok) => p.once('exit', ok));
    p.kill('SIGKILL');
    await exited;
    this.proc = null;
  }

  // SIGTERM: the server closes every WebSocket with its reason and stops; its database stays.
  async terminate(): Promise<void> {
    const p = this.proc;
    if (p && p.exitCode === null) {
      const exited = new Promise((ok) => p.once('exit', ok));
      p.kill('SIGTERM');
      const t = setTimeout(() => p.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(t);
    }
    this.proc = null;
  }

  async stop(): Promise<void> {
    await this.terminate();
    rmSync(this.dir, { recursive: true, force: true });
  }

  async api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    // The server takes a body only as application/json (Node's fetch would say text/plain).
    const res = await fetch(this.url + path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
    return data;
  }
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true });
}

// Console errors and page errors of every page of a context; `allow` lists the expected ones.
export class ConsoleWatch {
  readonly errors: string[] = [];
  allow: RegExp[] = [];

  attach(page: Page): void {
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() !== 'error' && m.type() !== 'warning') return;
      const text = `${m.type()}: ${m.text()}`;
      if (m.type() === 'warning' && !/Content Security Policy|CSP/i.test(text)) return;
      if (this.allow.some((r) => r.test(text))) return;
      this.errors.push(text);
    });
    page.on('pageerror', (e) => this.errors.push(`pageerror: ${e.message}`));
  }
}

export async function newPage(
  browser: Browser,
  watch: ConsoleWatch,
  viewport = { width: 1280, height: 800 },
  mobile = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile, deviceScaleFactor: mobile ? 2 : 1 });
  const page = await context.newPage();
  watch.attach(page);
  return { context, page };
}

// How far the page is wider than the screen (0 or less: not at all). Against the layout
// viewport's width, not innerWidth: on a phone (isMobile) innerWidth grows with a page that is
// too wide, so that comparing with it found nothing (an audit found pages 630-835 px wide at 390).
export async function overflowX(page: Page): Promise<number> {
  const screen = page.viewportSize()!.width;
  return page.evaluate((w) => document.documentElement.scrollWidth - Math.min(w, document.documentElement.clientWidth), screen);
}

// The WebSockets a page opens and the hellos it says on them (a seat taken over HTTP turns the
// watching connection into the seat's: no new socket, no second hello).
export function socketWatch(page: Page): { sockets: number; hellos: number } {
  const count = { sockets: 0, hellos: 0 };
  page.on('websocket', (ws) => {
    count.sockets += 1;
    ws.on('framesent', (f) => {
      if (typeof f.payload === 'string' && /"type":"hello"/.test(f.payload)) count.hellos += 1;
    });
  });
  return count;
}

// Every text frame the page's WebSockets received, in order (a state that changes nothing on the
// page's screen, such as a spectator come, leaves no other trace).
export function framesReceived(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => typeof f.payload === 'string' && frames.push(f.payload)));
  return frames;
}

// Whether the table's page has shown every state its WebSockets received (frames from
// framesReceived, kept from before the page was opened): #app's data-shown counts those shown.
export async function allStatesShown(page: Page, frames: string[]): Promise<boolean> {
  const received = frames.filter((f) => {
    try {
      return (JSON.parse(f) as { type?: string }).type === 'state';
    } catch {
      return false;
    }
  }).length;
  const shown = Number((await page.locator('#app').getAttribute('data-shown')) ?? 0);
  return received > 0 && shown === received;
}

// The cards of a trick on the screen, in play order, and the seat that won it.
export async function trickOf(loc: import('playwright-core').Locator): Promise<{ cards: string[]; winner: string | null }> {
  const cards = await loc.locator('[data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')!));
  return { cards, winner: await loc.getAttribute('data-winner') };
}

export function screenshotPath(name: string): string {
  mkdirSync(RESULTS, { recursive: true });
  return join(RESULTS, name);
}

// Creates a table from the lobby's form: `seats` as the selects' values; options by name.
export async function createTable(
  page: Page,
  baseUrl: string,
  o: { name: string; variant?: string; seats: string[]; options?: Record<string, string>; public?: boolean; turnSeconds?: number; tableName?: string },
): Promise<string> {
  await page.goto(`${baseUrl}/#/`);
  await page.getByTestId('guest-name').fill(o.name);
  if (o.variant) await page.getByTestId('preset').selectOption(o.variant);
  await page.getByTestId('players').selectOption(String(o.seats.length));
  for (let k = 0; k < o.seats.length; ++k) await page.getByTestId(`seat-${k}`).selectOption(o.seats[k]);
  if (o.options) {
    await page.locator('details.options > summary').click();
    for (const [name, value] of Object.entries(o.options)) {
      const input = page.locator(`[data-option="${name}"]`);
      if ((await input.evaluate((e) => e.tagName)) === 'SELECT') await input.selectOption(value);
      else await input.fill(value);
    }
  }
  if (o.public === false) await page.getByTestId('public').uncheck();
  if (o.turnSeconds !== undefined) await page.locator('#turn-seconds').fill(String(o.turnSeconds));
  if (o.tableName !== undefined) await page.locator('#table-name').fill(o.tableName);
  await page.getByTestId('create').click();
  await page.waitForURL(/#\/table\/[0-9a-f]+$/);
  return page.url().split('/').pop()!;
}

export interface PlayStats {
  actions: number;
  refused: string[]; // the reasons shown for illegal cards clicked on purpose
  phases?: Set<string>; // the phases this seat acted in
  random?: () => number; // choose among the legal choices at random (else the first)
  prefer?: string; // an action to take whenever it is legal (e.g. "pass" in an auction)
  onTurn?: (phase: string) => Promise<void>; // called before acting (screenshots)
}

// A small seeded generator (mulberry32), so that a run can be repeated.
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function pick(loc: import('playwright-core').Locator, random?: () => number) {
  const n = await loc.count();
  return loc.nth(random ? Math.floor(random() * n) : 0);
}

// Plays for the page's seat: the first legal bid or choice, a legal card; when `tryIllegal`,
// first clicks a card that is not legal (once per turn) and records the reason shown.
export async function takeTurn(page: Page, stats: PlayStats, tryIllegal: boolean): Promise<void> {
  const app = page.locator('#app');
  await page.locator('#app[data-turn="me"]').waitFor({ timeout: 60_000 });
  const phase = await app.getAttribute('data-phase');
  const seq = await app.getAttribute('data-seq');
  stats.phases?.add(phase ?? '');
  await stats.onTurn?.(phase ?? '');
  const preferred = page.locator(`[data-testid="actions"] button.act.legal[data-action="${stats.prefer}"]`);
  if (stats.prefer && (await preferred.count()) > 0) {
    await preferred.click();
    stats.actions += 1;
    await page.waitForFunction((s) => document.getElementById('app')!.dataset.seq !== s, seq, { timeout: 30_000 });
    return;
  }
  if (phase === 'playing' || phase === 'passing' || phase === 'discard') {
    const illegal = page.locator('[data-testid="hand"] button.card.illegal');
    if (tryIllegal && phase === 'playing' && (await illegal.count()) > 0) {
      // by keyboard: the card is a button that can be focused and pressed (aria-disabled)
      await illegal.first().focus();
      await page.keyboard.press('Enter');
      const notice = page.getByTestId('notice');
      await notice.filter({ hasText: /Refused/ }).waitFor({ timeout: 10_000 });
      stats.refused.push((await notice.textContent()) ?? '');
      // the refusal changed nothing: still this seat's turn at the same event
      if ((await app.getAttribute('data-seq')) !== seq) throw new Error('an illegal card moved the table on');
    }
    const legal = page.locator('[data-testid="hand"] button.card.legal');
    if ((await legal.count()) > 0) {
      const card = await pick(legal, stats.random);
      // every other card by the keyboard: a card is a button that takes the focus and Enter
      if (stats.actions % 2 === 1) {
        await card.focus();
        await page.keyboard.press('Enter');
      } else {
        await card.click();
      }
    }
    else await (await pick(page.locator('[data-testid="actions"] button.act.legal'), stats.random)).click();
  } else {
    await (await pick(page.locator('[data-testid="actions"] button.act.legal'), stats.random)).click();
  }
  stats.actions += 1;
  // wait until the action is taken (the screen moved past this event)
  await page.waitForFunction((s) => document.getElementById('app')!.dataset.seq !== s, seq, { timeout: 30_000 });
}

// Plays until the game is over (or `until` says stop), acting whenever it is this seat's turn;
// fails when nothing happens for `idleMs`.
export async function playUntil(
  page: Page,
  stats: PlayStats,
  until: () => Promise<boolean>,
  o: { tryIllegal?: boolean; maxActions?: number; idleMs?: number } = {},
): Promise<void> {
  const idle = o.idleMs ?? 60_000;
  let since = Date.now();
  let lastSeq = '';
  for (let acted = 0; ; ) {
    if (await until()) return;
    if ((await page.getByTestId('game-over').count()) > 0) return;
    if ((await page.locator('#app[data-turn="me"]').count()) > 0) {
      if (++acted > (o.maxActions ?? 500)) throw new Error('too many actions');
      await takeTurn(page, stats, !!o.tryIllegal);
      since = Date.now();
      continue;
    }
    const seq = (await page.locator('#app').getAttribute('data-seq')) ?? '';
    if (seq !== lastSeq) (lastSeq = seq), (since = Date.now());
    if (Date.now() - since > idle) throw new Error(`nothing happened for ${idle} ms (event ${seq})`);
    await page.waitForTimeout(50);
  }
}

// What a test file shares: one server (started with `serverArgs`) and one browser for its tests,
// and a console watch per test that must end with no errors. `done` runs before they stop.
export interface Suite {
  readonly server: Server;
  readonly browser: Browser;
  readonly watch: ConsoleWatch;
}

export function e2eSuite(serverArgs: string[] = [], done?: () => void): Suite {
  const server = new Server();
  let browser: Browser | undefined;
  let watch = new ConsoleWatch();
  beforeAll(async () => {
    await server.start(serverArgs);
    browser = await launch();
  });
  afterAll(async () => {
    done?.();
    await browser?.close();
    await server.stop();
  });
  beforeEach(() => {
    watch = new ConsoleWatch();
  });
  afterEach(() => {
    expect(watch.errors, 'console errors').toEqual([]);
  });
  return {
    server,
    get browser(): Browser {
      if (!browser) throw new Error('the browser is not running (beforeAll failed?)');
      return browser;
    },
    get watch(): ConsoleWatch {
      return watch;
    },
  };
}
