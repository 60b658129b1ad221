// The lobby's form comes from the server (GET /api/variants): every preset, its options with
// their defaults, lists as selects, numbers with their bounds, free text with what it accepts; a
// value the server refuses is shown next to its field. The page never bursts the API.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eSuite, newPage, screenshotPath } from './harness';
import type { Variants } from '../src/types';

describe('the lobby', () => {
  const env = e2eSuite();
  const { server } = env;

  it('shows the presets and options the server lists, and the server\'s word next to a refused field', async () => {
    const variants = await server.api<Variants>('GET', '/api/variants');
    const { page, context } = await newPage(env.browser, env.watch);
    const api: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/')) api.push(`${r.method()} ${u.pathname}`);
    });
    await page.goto(`${server.url}/#/`);

    // every preset the server has, in its order
    const preset = page.getByTestId('preset');
    await preset.waitFor();
    expect(await preset.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value))).toEqual(variants.presets.map((p) => p.name));
    const romanian = variants.presets.find((p) => p.name === 'romanian')!;
    expect(await page.getByTestId('preset-desc').textContent()).toBe(romanian.description);
    expect(await page.getByTestId('players').inputValue()).toBe(String(romanian.players.default));

    // each option with its default: a list as a select, a number with its bounds, text with a hint
    await page.locator('details.options > summary').click();
    expect(await page.locator('[data-option]').count()).toBe(romanian.options.length);
    const hook = page.locator('select[data-option="hook"]');
    expect(await hook.inputValue()).toBe(romanian.options.find((o) => o.name === 'hook')!.default);
    expect(await hook.locator('option').allTextContents()).toEqual(['on (default)', 'off']);
    const scoring = page.locator('select[data-option="scoring"]');
    expect(await scoring.inputValue()).toBe('romanian');
    expect(await scoring.locator('option').count()).toBe(variants.scorings.length);
    const maxCards = page.locator('input[data-option="max_cards"]');
    expect(await maxCards.getAttribute('type')).toBe('number');
    expect([await maxCards.getAttribute('min'), await maxCards.getAttribute('max'), await maxCards.inputValue()]).toEqual(['0', '52', '0']);
    const schedule = romanian.options.find((o) => o.name === 'schedule')!;
    expect(schedule.values).toBeNull();
    const scheduleInput = page.locator('input[data-option="schedule"]');
    expect(await scheduleInput.inputValue()).toBe('1-8-1');
    expect(await scheduleInput.getAttribute('placeholder')).toBe(schedule.accepts);
    expect(await page.locator('[data-field="options.schedule"] small').textContent()).toContain(`Accepts: ${schedule.accepts}`);

    // another preset: its own defaults (Serbian whist plays 13 down to 1 and back)
    await preset.selectOption('serbian');
    expect(await page.locator('input[data-option="schedule"]').inputValue()).toBe(variants.presets.find((p) => p.name === 'serbian')!.options.find((o) => o.name === 'schedule')!.default);
    expect(await page.getByTestId('players').locator('option').count()).toBe(3); // 4 to 6
    await preset.selectOption('romanian');

    // a schedule the server refuses: its message next to the field, no table made
    await page.getByTestId('guest-name').fill('Ana');
    expect(await page.locator('details.options').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true); // kept open
    await page.locator('input[data-option="schedule"]').fill('2,zz');
    env.watch.allow = [/Failed to load resource: the server responded with a status of 400/]; // chromium logs it
    await page.getByTestId('create').click();
    const err = page.getByTestId('error-options.schedule');
    await err.waitFor();
    expect(await err.textContent()).toMatch(/^option schedule: bad value '2,zz': expected /);
    expect(await page.locator('input[data-option="schedule"]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('create-error').textContent()).toMatch(/^The table was not created: option schedule/);
    expect(page.url()).toMatch(/#\/$/);
    await page.screenshot({ path: screenshotPath('lobby-refused-option.png'), fullPage: true });

    env.watch.allow = [];

    // a name of 40 characters as the server counts them, emoji too (regression: the field's
    // maxlength, in UTF-16 units, cut 40 emoji to 20)
    await page.locator('#table-name').focus();
    await page.keyboard.insertText('😀'.repeat(40));
    expect([...(await page.locator('#table-name').inputValue())].length).toBe(40);

    // corrected, the table is made with it
    await page.locator('input[data-option="schedule"]').fill('2,1');
    await page.getByTestId('create').click();
    await page.waitForURL(/#\/table\/[0-9a-f]+$/);
    const id = page.url().split('/').pop()!;
    const t = await server.api<{ options: Record<string, string> }>('GET', `/api/tables/${id}`);
    expect(t.options.schedule).toBe('2,1');

    // the presets were asked for once; the table list every 5 s at most
    expect(api.filter((r) => r === 'GET /api/variants')).toHaveLength(1);
    expect(api.length).toBeLessThanOrEqual(8);
    await context.close();
  });
});

// The server names the first hundred tables at most (free seats first, the newest first), and how
// many there are: the list says so, and filters by game and free seats, the keyboard's focus kept
// on a filter as the list changes, and what it changed said to screen readers.
describe('the lobby\'s list', () => {
  const env = e2eSuite();
  const { server } = env;
  const focused = (page: Page) =>
    page.evaluate(() => {
      const e = document.activeElement as HTMLElement | null;
      return !e || e === document.body ? 'BODY' : `${e.tagName.toLowerCase()}|${e.getAttribute('data-key') ?? ''}`;
    });
  const titles = (page: Page) => page.locator('.open-tables .table-title').allTextContents();

  it('filters by game and free seats from the keyboard, and says how many of how many', async () => {
    const g = await server.api<{ token: string }>('POST', '/api/guests', { name: 'Host' });
    const make = async (name: string, variant: string, join: boolean) => {
      const t = await server.api<{ id: string }>('POST', '/api/tables', { token: g.token, variant, players: 3, seats: ['human', 'random', 'random'], public: true, name });
      if (join) await server.api('POST', `/api/tables/${t.id}/join`, { token: g.token, seat: 0 });
    };
    await make('Porch', 'romanian', true); // a game under way: to watch
    await make('Kitchen', 'romanian', false);
    await make('Attic', 'oh-hell', false);
    const { page, context } = await newPage(env.browser, env.watch);
    const asked: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/tables') asked.push(u.search);
    });
    await page.goto(`${server.url}/#/`);
    // free seats first, the newest first; then the games to watch
    await expect.poll(() => titles(page)).toEqual(['Attic', 'Kitchen', 'Porch']);
    expect(await page.getByTestId('list-count').count()).toBe(0); // every table shown

    // one game, chosen by the keyboard: the focus stays on the select, and the count is said
    const variant = page.getByTestId('list-variant');
    await variant.locator('option[value="oh-hell"]').waitFor({ state: 'attached' });
    await variant.focus();
    await page.keyboard.press('ArrowDown'); // All games -> Romanian whist
    await expect.poll(() => titles(page)).toEqual(['Kitchen', 'Porch']);
    expect(await focused(page)).toBe('select|list-variant');
    await expect.poll(() => page.getByTestId('list-said').textContent()).toBe('2 tables');
    // only free seats, by the keyboard too
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('input|list-free');
    await page.keyboard.press('Space');
    await expect.poll(() => titles(page)).toEqual(['Kitchen']);
    await expect.poll(() => page.getByTestId('list-said').textContent()).toBe('1 table');
    expect(asked).toContain('?variant=romanian&free=true');
    // the refresh keeps the filters and the focus: a new Romanian table comes, an Oh Hell one not
    await make('Cellar', 'romanian', false);
    await make('Garden', 'oh-hell', false);
    await expect.poll(() => titles(page), { timeout: 15_000 }).toEqual(['Cellar', 'Kitchen']);
    expect(await focused(page)).toBe('input|list-free');
    expect(await page.getByTestId('list-free').isChecked()).toBe(true);
    expect(await variant.inputValue()).toBe('romanian');
    await context.close();
  });

  it('says it shows the first tables of how many when the server names only some', async () => {
    const g = await server.api<{ token: string }>('POST', '/api/guests', { name: 'Host' });
    await server.api('POST', '/api/tables', { token: g.token, variant: 'serbian', players: 4, seats: ['human', 'random', 'random', 'random'], public: true, name: 'Loft' });
    const { page, context } = await newPage(env.browser, env.watch);
    // thousands of tables cannot be made here (60 an hour an address): the answer's count is
    await page.route(
      (u) => u.pathname === '/api/tables',
      async (route) => {
        const response = await route.fetch();
        const list = (await response.json()) as { tables: unknown[]; total: number };
        await route.fulfill({ response, json: { ...list, total: 2345 } });
      },
    );
    await page.goto(`${server.url}/#/`);
    const count = page.getByTestId('list-count');
    await count.waitFor();
    const shown = await page.locator('.open-tables .table-row').count();
    expect(shown).toBeGreaterThan(0);
    expect(await count.textContent()).toBe(`Showing ${shown} of 2,345 tables: free seats first, the newest first.`);
    await page.screenshot({ path: screenshotPath('lobby-list-count.png'), fullPage: true });
    await context.close();
  });
});
