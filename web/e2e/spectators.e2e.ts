// A server that takes one spectator a table: a page come to watch past it is told that the table
// has all the spectators it takes, while the table's player gets in on every page she opens.
import { describe, expect, it } from 'vitest';
import { e2eSuite, createTable, newPage } from './harness';

describe('a server that limits spectators', () => {
  const env = e2eSuite(['--max-spectators', '1']);
  const { server } = env;

  it('tells a spectator past the limit why it cannot watch; the player always gets in', async () => {
    const ana = await newPage(env.browser, env.watch);
    const id = await createTable(ana.page, server.url, { name: 'Ana', seats: ['human', 'heuristic', 'heuristic', 'heuristic'] });
    await expect.poll(() => ana.page.locator('#app').getAttribute('data-role'), { timeout: 10_000 }).toBe('player');

    const watcher = await newPage(env.browser, env.watch);
    await watcher.page.goto(`${server.url}/#/table/${id}`);
    await expect.poll(() => watcher.page.locator('#app').getAttribute('data-role'), { timeout: 10_000 }).toBe('spectator');

    const late = await newPage(env.browser, env.watch);
    await late.page.goto(`${server.url}/#/table/${id}`);
    await expect
      .poll(() => late.page.locator('.fatal').textContent(), { timeout: 10_000 })
      .toBe(`Table ${id} has as many spectators as it takes: watch another table, or try again later. Its players can always come back to it.`);
    expect(await late.page.getByRole('link', { name: 'Back to the lobby' }).isVisible()).toBe(true);

    // Ana's second page (her token, in the same browser) plays the seat: players are not counted.
    const again = await ana.context.newPage();
    env.watch.attach(again);
    await again.goto(`${server.url}/#/table/${id}`);
    await expect.poll(() => again.locator('#app').getAttribute('data-role'), { timeout: 10_000 }).toBe('player');

    for (const c of [ana.context, watcher.context, late.context]) await c.close();
  });
});
