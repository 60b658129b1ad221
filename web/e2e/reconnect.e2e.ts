// A reload mid-deal resumes the game; the server killed (SIGKILL) and started again, the page
// says it is reconnecting and carries on; the server stopped (SIGTERM), the page shows its reason.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSuite, createTable, newPage, playUntil, takeTurn, type PlayStats } from './harness';

const hand = (page: Page) => page.locator('[data-testid="hand"] [data-card]').evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));

describe('reconnection', () => {
  const env = e2eSuite();
  const { server } = env;

  it('resumes after a reload, and after the server is killed or stopped and started again', async () => {
    const { page, context } = await newPage(env.browser, env.watch);
    await createTable(page, server.url, { name: 'Ana', seats: ['human', 'heuristic', 'heuristic', 'heuristic'], options: { schedule: '3,2' } });
    const app = page.locator('#app');
    const stats: PlayStats = { actions: 0, refused: [] };
    await takeTurn(page, stats, false); // the bid
    await page.locator('#app[data-turn="me"]').waitFor();
    const before = await hand(page);
    const seq = Number(await app.getAttribute('data-seq'));

    // a reload: the same seat, the same hand, the same turn, from the token kept in the browser
    await page.reload();
    await page.getByText('You are Ana').waitFor();
    await page.locator('#app[data-turn="me"]').waitFor();
    expect(await hand(page)).toEqual(before);
    expect(Number(await app.getAttribute('data-seq'))).toBeGreaterThanOrEqual(seq);
    await takeTurn(page, stats, false);

    // the server dies without a word and comes back on the same port and database
    await page.locator('#app[data-turn="me"]').waitFor();
    env.watch.allow = [/WebSocket connection to .* failed/, /ERR_CONNECTION_REFUSED/];
    await server.kill();
    const banner = page.getByTestId('conn-banner');
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).toMatch(/Reconnecting/);
    expect(await banner.isVisible()).toBe(true);
    // a card played meanwhile is not sent, and it is said
    const alert = page.locator('[data-testid="notice"] [role="alert"]');
    const card = page.locator('[data-testid="hand"] button.card.legal').first();
    const played = await card.getAttribute('data-card');
    await card.click();
    await expect.poll(() => alert.textContent()).toMatch(/^Not sent: the connection is down/);
    await page.waitForTimeout(1500);
    await server.start();
    await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(false);
    expect(await app.getAttribute('data-conn')).toBe('open');
    // Regression: the alert stayed for its 8 s after the connection was back, and the card, still
    // to play, was not said to be lost.
    expect(await alert.textContent()).toBe('');
    // said with the first state, once it shows the turn still the player's
    await expect.poll(() => page.locator('[data-testid="notice"] [role="status"]').textContent()).toMatch(/was not sent: play it again/);
    await page.locator('#app[data-turn="me"]').waitFor();
    expect(await hand(page)).toContain(played);

    // stopped as it should be, the server says why it closes, and the page shows it
    await server.terminate();
    await expect.poll(() => banner.textContent(), { timeout: 10_000 }).toMatch(/^Connection lost: server shutting down\. Reconnecting/);
    await server.start();
    await expect.poll(() => banner.isVisible(), { timeout: 15_000 }).toBe(false);
    env.watch.allow = [];

    // and the game goes on to its end
    await playUntil(page, stats, async () => false);
    await page.getByTestId('game-over').waitFor();
    expect(await page.getByTestId('sheet').textContent()).toMatch(/winner/);
    await context.close();
  });
});
