// Two humans in two browser contexts join one private table by its link and play a deal; a third
// watches and sees no hand, then sees how the deal ended; the friend leaves mid-game and the
// watcher takes the freed seat on the connection it watched with, and plays to the end.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSuite, createTable, newPage, playUntil, screenshotPath, socketWatch, trickOf, type PlayStats } from './harness';

describe('friends at one table', () => {
  const env = e2eSuite();
  const { server } = env;

  it('two humans join by the private link and play a deal; a spectator watches, then takes the seat its player left', async () => {
    const ana = await newPage(env.browser, env.watch);
    await createTable(ana.page, server.url, {
      name: 'Ana',
      seats: ['human', 'heuristic', 'human', 'heuristic'],
      options: { schedule: '2,1,1' },
      public: false,
    });
    await ana.page.getByTestId('waiting').waitFor();
    const link = await ana.page.getByTestId('share-link').inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/table\/[0-9a-f]{16}$/);
    // private: not listed in the lobby
    const listed = await server.api<{ tables: { id: string }[] }>('GET', '/api/tables');
    expect(listed.tables.map((t) => t.id)).not.toContain(link.split('/').pop());

    // a friend in another browser context (another person: no shared storage) opens the link;
    // a first visit, no guest yet: its hello had no token, so it says hello again with the guest
    // made to take the seat, before taking it (the server then seats that connection)
    const bogdan = await newPage(env.browser, env.watch, { width: 390, height: 844 }, true);
    const bogdanWs = socketWatch(bogdan.page);
    await bogdan.page.goto(link);
    await bogdan.page.getByTestId('take-seat-2').waitFor();
    await bogdan.page.getByTestId('join-name').fill('Bogdan');
    await bogdan.page.getByTestId('take-seat-2').click();
    await bogdan.page.getByText('You are Bogdan').waitFor();
    await expect.poll(() => ({ ...bogdanWs })).toEqual({ sockets: 1, hellos: 2 });

    for (const p of [ana.page, bogdan.page]) {
      await expect.poll(() => p.locator('#app').getAttribute('data-state')).toBe('playing');
    }
    // each sees the other by name, as a human
    await ana.page.locator('.seat[data-seat="2"] .seat-name', { hasText: 'Bogdan' }).waitFor();
    await bogdan.page.locator('.seat[data-seat="0"] .seat-name', { hasText: 'Ana' }).waitFor();

    // a spectator: the table, no hand. A visitor who was here before: a guest in the browser,
    // whose token its hello carries
    const carla = await server.api<{ name: string; token: string }>('POST', '/api/guests', { name: 'Carla' });
    const watcher = await newPage(env.browser, env.watch);
    await watcher.context.addInitScript((g) => localStorage.setItem('whist.guest', g), JSON.stringify(carla));
    const watcherWs = socketWatch(watcher.page);
    await watcher.page.goto(link);
    await expect.poll(() => watcher.page.locator('#app').getAttribute('data-role')).toBe('spectator');
    await watcher.page.getByText(/^Watching/).waitFor();
    expect(await watcher.page.getByTestId('hand').count()).toBe(0);
    expect(await watcher.page.locator('button.card').count()).toBe(0);
    expect(await watcher.page.getByTestId('waiting').count()).toBe(0); // no free seat

    // both play until the first deal is scored
    const dealOver = (p: Page) => async () => (await p.getByTestId('last-deal').count()) > 0;
    const a: PlayStats = { actions: 0, refused: [] };
    const b: PlayStats = { actions: 0, refused: [] };
    await Promise.all([playUntil(ana.page, a, dealOver(ana.page)), playUntil(bogdan.page, b, dealOver(bogdan.page))]);
    expect(a.actions).toBeGreaterThanOrEqual(1);
    expect(b.actions).toBeGreaterThanOrEqual(1);
    // how it ended: the deal's result and its last trick, the same on every screen; while the
    // next deal has no trick yet, the last trick on the table is that one
    const tricks = [];
    for (const p of [ana.page, bogdan.page, watcher.page]) {
      await p.getByTestId('last-deal').waitFor();
      expect(await p.getByTestId('last-deal').textContent()).toMatch(/^Deal 1: 2 cards/);
      tricks.push(await trickOf(p.getByTestId('last-deal-trick')));
    }
    expect(tricks[0].cards).toHaveLength(4);
    expect(tricks[0].winner).toMatch(/^[0-3]$/);
    expect(tricks[1]).toEqual(tricks[0]);
    expect(tricks[2]).toEqual(tricks[0]);
    await expect.poll(() => watcher.page.locator('[data-testid="last-trick"][data-deal="1"]').count()).toBe(1);
    expect(await trickOf(watcher.page.locator('[data-testid="last-trick"][data-deal="1"]'))).toEqual(tricks[0]);
    await bogdan.page.screenshot({ path: screenshotPath('friend-phone.png'), fullPage: true });

    // Bogdan leaves mid-game: a bot plays his seat, and his page watches on the same connection
    bogdan.page.once('dialog', (d) => void d.accept());
    await bogdan.page.getByRole('button', { name: 'Leave the seat' }).click();
    await expect.poll(() => bogdan.page.locator('#app').getAttribute('data-role')).toBe('spectator');
    expect(bogdanWs).toEqual({ sockets: 1, hellos: 2 });
    await ana.page.locator('.seat[data-seat="2"] .badge', { hasText: 'seat free' }).waitFor();
    await ana.page.locator('.seat[data-seat="2"] .badge', { hasText: 'bot playing' }).waitFor();
    expect(await ana.page.locator('#app').getAttribute('data-state')).toBe('playing');

    // the watcher is offered the free seat mid-game and takes it: the server makes its watching
    // connection the seat's (a second welcome): no new socket, no second hello
    const take = watcher.page.getByTestId('take-seat-2');
    await take.waitFor();
    expect(await watcher.page.getByTestId('join-name').inputValue()).toBe('Carla');
    await watcher.page.screenshot({ path: screenshotPath('free-seat-mid-game.png'), fullPage: true });
    await take.click();
    await watcher.page.getByText('You are Carla').waitFor();
    await expect.poll(() => watcher.page.locator('#app').getAttribute('data-role')).toBe('player');
    await ana.page.locator('.seat[data-seat="2"] .seat-name', { hasText: 'Carla' }).waitFor();
    expect(watcherWs).toEqual({ sockets: 1, hellos: 1 });

    // Ana and Carla play to the end of the game
    const c: PlayStats = { actions: 0, refused: [] };
    const over = async () => false;
    await Promise.all([playUntil(ana.page, a, over), playUntil(watcher.page, c, over)]);
    for (const p of [ana.page, watcher.page]) await p.getByTestId('game-over').waitFor();
    expect(c.actions).toBeGreaterThanOrEqual(2); // a bid and a card of the third deal at least
    // the seat, and its column of the score sheet, now name Carla
    await watcher.page.locator('.seat.mine[data-seat="2"] .seat-name', { hasText: 'Carla' }).waitFor();
    const sheet = (await watcher.page.getByTestId('sheet').textContent())!;
    expect(sheet).toContain('Carla');
    expect(sheet).not.toContain('Bogdan');
    expect(watcherWs).toEqual({ sockets: 1, hellos: 1 });
    for (const x of [ana, bogdan, watcher]) await x.context.close();
  });

  // Regression (audit): a friend on a first visit was seated with no connection: the guest was
  // made to take the seat, and the watching connection, whose hello had no token, said hello with
  // it only after the join. The others saw "Bo | dealer | disconnected" as the game started, for as
  // long as the next move was shown (paced), and a connect was stored late. Here a hello that the
  // friend's page says once the seat is asked for is held back until the checks are done: a page
  // that still needed one would leave the friend disconnected meanwhile.
  it('a friend who takes a seat by the link is connected to the others from the join on', async () => {
    const ana = await newPage(env.browser, env.watch);
    const anaStates: { seq: number; table?: { state: string; seats: { name?: string | null; connected?: boolean }[] } }[] = [];
    ana.page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => {
        if (typeof f.payload === 'string' && /^\{"type":"state"/.test(f.payload)) anaStates.push(JSON.parse(f.payload));
      }),
    );
    await createTable(ana.page, server.url, {
      name: 'Ana',
      seats: ['human', 'heuristic', 'human', 'heuristic'],
      options: { schedule: '2,1,1' },
      public: false,
    });
    await ana.page.getByTestId('waiting').waitFor();
    const link = await ana.page.getByTestId('share-link').inputValue();

    const bo = await newPage(env.browser, env.watch);
    let joinAsked = false;
    bo.page.on('request', (r) => {
      if (r.method() === 'POST' && /\/join$/.test(r.url())) joinAsked = true;
    });
    const hellos: { token: string | null; afterJoin: boolean }[] = [];
    const held: (() => void)[] = [];
    await bo.page.routeWebSocket(/\/ws$/, (ws) => {
      const upstream = ws.connectToServer();
      ws.onMessage((m) => {
        if (typeof m !== 'string' || !/"type":"hello"/.test(m)) return upstream.send(m);
        hellos.push({ token: (JSON.parse(m) as { token?: string }).token ?? null, afterJoin: joinAsked });
        if (joinAsked) held.push(() => upstream.send(m));
        else upstream.send(m);
      });
    });
    await bo.page.goto(link);
    await bo.page.getByTestId('take-seat-2').waitFor();
    await bo.page.getByTestId('join-name').fill('Bo');
    await bo.page.getByTestId('take-seat-2').click();

    // Ana sees Bo take the seat and the game start, and Bo connected: no badge says otherwise
    const boSeat = ana.page.locator('.seat[data-seat="2"]');
    await boSeat.locator('.seat-name', { hasText: 'Bo' }).waitFor();
    await expect.poll(() => ana.page.locator('#app').getAttribute('data-state')).toBe('playing');
    await expect.poll(() => boSeat.locator('.badge', { hasText: 'disconnected' }).count(), { timeout: 3000 }).toBe(0);
    // in what the server sent her: the join is told with his connection, once, so no state that
    // names Bo has him disconnected (regression, of the server: the join's own state came first,
    // Bo not yet connected)
    let table: (typeof anaStates)[number]['table'];
    const seen = anaStates.map((m) => ((table = m.table ?? table), { seq: m.seq, name: table?.seats[2].name, connected: table?.seats[2].connected }));
    const joined = seen.findIndex((x) => x.name === 'Bo');
    expect(joined).toBeGreaterThanOrEqual(0);
    expect(seen.slice(joined).filter((x) => !x.connected)).toEqual([]);
    // Bo's page said hello with his new guest's token before asking for the seat, and no hello since
    const token = await bo.page.evaluate(() => (JSON.parse(localStorage.getItem('whist.guest')!) as { token: string }).token);
    await bo.page.getByText('You are Bo').waitFor();
    expect(hellos).toEqual([{ token: null, afterJoin: false }, { token, afterJoin: false }]);

    for (const release of held) release();
    for (const x of [ana, bo]) await x.context.close();
  });
});
