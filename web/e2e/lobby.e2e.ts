// The lobby's form comes from the server (GET /api/variants): every preset, its options with
// their defaults, lists as selects, numbers with their bounds, free text with what it accepts; a
// value the server refuses is shown next to its field. The page never bursts the API.
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
