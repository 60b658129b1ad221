// A server that allows one WebSocket from an address: a second page to the same table is told why
// it cannot connect (the close's reason, which a browser can read where it cannot read the answer
// to a refused upgrade), and connects once the first page has gone.
import { describe, expect, it } from 'vitest';
import { e2eSuite, createTable, newPage } from './harness';

describe('a server that limits WebSockets', () => {
  const env = e2eSuite(['--max-websockets', '1']);
  const { server } = env;

  it('tells a page past the limit why it cannot connect, until a place is free', async () => {
    const first = await newPage(env.browser, env.watch);
    const id = await createTable(first.page, server.url, { name: 'Ana', seats: ['human', 'heuristic', 'heuristic', 'heuristic'] });
    await expect.poll(() => first.page.locator('#app').getAttribute('data-conn'), { timeout: 10_000 }).toBe('open');

    const second = await newPage(env.browser, env.watch);
    await second.page.goto(`${server.url}/#/table/${id}`);
    const banner = second.page.getByTestId('conn-banner');
    await expect
      .poll(() => banner.textContent(), { timeout: 10_000 })
      .toMatch(/^Connection lost: too many connections: more than 1 WebSockets open from this address\. Reconnecting/);
    expect(await second.page.locator('#app').getAttribute('data-conn')).not.toBe('open');

    await first.context.close();
    await expect.poll(() => second.page.locator('#app').getAttribute('data-conn'), { timeout: 15_000 }).toBe('open');
    expect(await banner.isVisible()).toBe(false);
    await second.context.close();
  });
});
