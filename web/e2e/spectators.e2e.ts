// A server that takes one spectator a table: a page come to watch past it is told that the table
// has all the spectators it takes, and gets in once a place is free (regression: the page gave up
// for good); the table's player gets in on every page she opens.
import { describe, expect, it } from 'vitest';
import { e2eSuite, createTable, newPage } from './harness';

describe('a server that limits spectators', () => {
  const env = e2eSuite(['--max-spectators', '1']);
  const { server } = env;

  it('tells a spectator past the limit why it cannot watch, and lets it in once a place is free; the player always gets in', async () => {
    const ana = await newPage(env.browser, env.watch);
    const id = await createTable(ana.page, server.url, { name: 'Ana', seats: ['human', 'heuristic', 'heuristic', 'heuristic'] });
    await expect.poll(() => ana.page.locator('#app').getAttribute('data-role'), { timeout: 10_000 }).toBe('player');

    const watcher = await newPage(env.browser, env.watch);
    await watcher.page.goto(`${server.url}/#/table/${id}`);
    await expect.poll(() => watcher.page.locator('#app').getAttribute('data-role'), { timeout: 10_000 }).toBe('spectator');

    const late = await newPage(env.browser, env.watch);
    await late.page.goto(`${server.url}/#/table/${id}`);
    await expect
      .poll(() => late.page.getByTestId('conn-banner').textContent(), { timeout: 10_000 })
      .toBe(`Table ${id} has as many spectators as it takes: asking again every 10 seconds. Or watch another table.`);
    expect(await late.page.locator('#app').getAttribute('data-role')).toBe('none');

    // Ana's second page (her token, in the same browser) plays the seat: players are not counted.
    const again = await ana.context.newPage();
    env.watch.attach(again);
    await again.goto(`${server.url}/#/table/${id}`);
    await expect.poll(() => again.locator('#app').getAttribute('data-role'), { timeout: 10_000 }).toBe('player');

    // The one spectator goes: the late page asks again, gets in, and the banner is gone.
    await watcher.context.close();
    await expect.poll(() => late.page.locator('#app').getAttribute('data-role'), { timeout: 20_000 }).toBe('spectator');
    expect(await late.page.getByTestId('conn-banner').isHidden()).toBe(true);

    for (const c of [ana.context, late.context]) await c.close();
  });
});
