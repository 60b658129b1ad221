// A server started with --max-bot-level offers only those levels: the lobby's seats list them,
// its bots default to the strongest offered up to normal, and a table made with them starts.
import { describe, expect, it } from 'vitest';
import { e2eSuite, newPage } from './harness';
import type { Variants } from '../src/types';

describe('a server that caps its bots', () => {
  const env = e2eSuite(['--max-bot-level', 'easy']);
  const { server } = env;

  it('lists only the levels it allows, and the lobby makes a table with them', async () => {
    const variants = await server.api<Variants>('GET', '/api/variants');
    expect(variants.bot_levels).toEqual(['easy']);
    const { page, context } = await newPage(env.browser, env.watch);
    await page.goto(`${server.url}/#/`);
    const seat = page.getByTestId('seat-1');
    await seat.waitFor();
    const offered = await seat.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(offered).toEqual(['human', 'random', 'heuristic', 'expert:easy', 'ismcts:easy']);
    expect(await seat.inputValue()).toBe('expert:easy');
    expect(await page.getByTestId('seat-3').inputValue()).toBe('expert:easy');

    await page.getByTestId('guest-name').fill('Ana');
    await page.getByTestId('create').click();
    await page.waitForURL(/#\/table\/[0-9a-f]+$/);
    const id = page.url().split('/').pop()!;
    const t = await server.api<{ seats: { bot?: string }[] }>('GET', `/api/tables/${id}`);
    expect(t.seats.slice(1).map((s) => s.bot)).toEqual(['expert:easy', 'expert:easy', 'expert:easy']);
    await context.close();
  });
});
