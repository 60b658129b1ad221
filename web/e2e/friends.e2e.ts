// Two humans in two browser contexts join one private table by its link and play a deal; a third
// watches and sees no hand.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ConsoleWatch, createTable, launch, newPage, playUntil, screenshotPath, Server, type PlayStats } from './harness';

describe('friends at one table', () => {
  const server = new Server();
  let browser: Browser;
  const watch = new ConsoleWatch();

  beforeAll(async () => {
    await server.start();
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server.stop();
  });
  afterEach(() => {
    expect(watch.errors, 'console errors').toEqual([]);
  });

  it('two humans join by the private link and play a deal; a spectator watches', async () => {
    const ana = await newPage(browser, watch);
    await createTable(ana.page, server.url, {
      name: 'Ana',
      seats: ['human', 'heuristic', 'human', 'heuristic'],
      options: { schedule: '2,1' },
      public: false,
    });
    await ana.page.getByTestId('waiting').waitFor();
    const link = await ana.page.getByTestId('share-link').inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#\/table\/[0-9a-f]{16}$/);
    // private: not listed in the lobby
    const listed = await server.api<{ tables: { id: string }[] }>('GET', '/api/tables');
    expect(listed.tables.map((t) => t.id)).not.toContain(link.split('/').pop());

    // a friend in another browser context (another person: no shared storage) opens the link
    const bogdan = await newPage(browser, watch, { width: 390, height: 844 }, true);
    await bogdan.page.goto(link);
    await bogdan.page.getByTestId('take-seat-2').waitFor();
    await bogdan.page.getByTestId('join-name').fill('Bogdan');
    await bogdan.page.getByTestId('take-seat-2').click();
    await bogdan.page.getByText('You are Bogdan').waitFor();

    for (const p of [ana.page, bogdan.page]) {
      await expect.poll(() => p.locator('#app').getAttribute('data-state')).toBe('playing');
    }
    // each sees the other by name, as a human
    await ana.page.locator('.seat[data-seat="2"] .seat-name', { hasText: 'Bogdan' }).waitFor();
    await bogdan.page.locator('.seat[data-seat="0"] .seat-name', { hasText: 'Ana' }).waitFor();

    // a spectator: the table, no hand
    const watcher = await newPage(browser, watch);
    await watcher.page.goto(link);
    await expect.poll(() => watcher.page.locator('#app').getAttribute('data-role')).toBe('spectator');
    await watcher.page.getByText(/^Watching/).waitFor();
    expect(await watcher.page.getByTestId('hand').count()).toBe(0);
    expect(await watcher.page.locator('button.card').count()).toBe(0);

    // both play until the first deal is scored
    const dealOver = (p: Page) => async () => (await p.getByTestId('last-deal').count()) > 0;
    const a: PlayStats = { actions: 0, refused: [] };
    const b: PlayStats = { actions: 0, refused: [] };
    await Promise.all([playUntil(ana.page, a, dealOver(ana.page)), playUntil(bogdan.page, b, dealOver(bogdan.page))]);
    expect(a.actions).toBeGreaterThanOrEqual(1);
    expect(b.actions).toBeGreaterThanOrEqual(1);
    for (const p of [ana.page, bogdan.page, watcher.page]) {
      await p.getByTestId('last-deal').waitFor();
      expect(await p.getByTestId('last-deal').textContent()).toMatch(/^Deal 1: 2 cards/);
    }
    await bogdan.page.screenshot({ path: screenshotPath('friend-phone.png'), fullPage: true });
    for (const c of [ana, bogdan, watcher]) await c.context.close();
  });
});
