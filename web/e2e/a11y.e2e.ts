// Accessibility: the keyboard's focus never drops to <body> (lobby, table, replay), the table tells
// screen readers what happens in one live region, a name typed while the board is redrawn keeps
// its caret, the replay's step is announced and its keys leave scrolling content alone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allStatesShown, createTable, e2eSuite, framesReceived, newPage, playUntil, takeTurn, type PlayStats } from './harness';

// Every text a live region of the page was given, in order (what a screen reader is told), empty
// ones too: "id|text", the id being the region's data-testid, else its role.
async function watchLive(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __live: string[] };
    w.__live = [];
    new MutationObserver((ms) => {
      for (const m of ms) {
        const n = m.target instanceof Element ? m.target : m.target.parentElement;
        const r = n?.closest('[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"]');
        if (r) w.__live.push(`${r.getAttribute('data-testid') ?? r.getAttribute('role')}|${r.textContent ?? ''}`);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const live = (page: Page) => page.evaluate(() => (window as unknown as { __live: string[] }).__live);

// The texts one region was given, in order.
const liveOf = async (page: Page, id: string) => (await live(page)).filter((l) => l.startsWith(`${id}|`)).map((l) => l.slice(id.length + 1));

// Whether `texts` holds the same words said twice: a text, emptied, then the same text again (a
// region whose text does not change is not read again).
const saidAgain = (texts: string[], re: RegExp) => texts.some((t, k) => t === '' && k > 0 && texts[k - 1] === texts[k + 1] && re.test(texts[k - 1]));
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    return !e || e === document.body ? 'BODY' : `${e.tagName.toLowerCase()}|${e.getAttribute('data-key') ?? e.getAttribute('data-testid') ?? ''}`;
  });

describe('accessibility', () => {
  const env = e2eSuite();
  const { server } = env;

  it('the lobby keeps the focus: a select changed by the keyboard, a link as the list refreshes, a refused field', async () => {
    const { page, context } = await newPage(env.browser, env.watch);
    const g = await server.api<{ token: string }>('POST', '/api/guests', { name: 'Host' });
    await server.api('POST', '/api/tables', { token: g.token, variant: 'romanian', players: 3, seats: ['human', 'human', 'random'], public: true, name: 'Kitchen' });
    await page.goto(`${server.url}/#/`);
    expect(await page.title()).toBe('Whist');
    // one arrow key on the Game select redraws the form: the focus stays on the select
    const preset = page.getByTestId('preset');
    await preset.waitFor();
    const before = await preset.inputValue();
    await preset.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => preset.inputValue()).not.toBe(before);
    expect(await focused(page)).toBe('select|preset');
    await page.keyboard.press('ArrowUp');
    expect(await focused(page)).toBe('select|preset');
    // the Join link names its table, and keeps the focus across the 5 s refresh: the list unchanged
    // (left alone), then with a table more (drawn again)
    const join = page.getByRole('link', { name: 'Join Kitchen' });
    await join.focus();
    const key = await focused(page);
    expect(key).toMatch(/^a\|table:/);
    await page.waitForTimeout(5600);
    expect(await focused(page)).toBe(key);
    const g2 = await server.api<{ token: string }>('POST', '/api/guests', { name: 'Other' });
    await server.api('POST', '/api/tables', { token: g2.token, variant: 'romanian', players: 3, seats: ['human', 'human', 'random'], public: true, name: 'Porch' });
    await page.getByRole('link', { name: 'Join Porch' }).waitFor({ timeout: 15_000 });
    expect(await focused(page)).toBe(key);
    // a refused Create: the focus goes to the field the server refused
    await page.getByTestId('guest-name').fill('Ana');
    await page.locator('#turn-seconds').fill('99999');
    env.watch.allow = [/Failed to load resource: the server responded with a status of 400/];
    await page.getByTestId('create').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('error-turn_seconds').waitFor();
    await expect.poll(() => focused(page)).toBe('input|turn-seconds');
    await context.close();
  });

  it('at the table: the focus stays on the board, what happens is announced, and the replay follows', async () => {
    const { page, context } = await newPage(env.browser, env.watch);
    await watchLive(page);
    // a turn timer long enough to press keys before its warning at 10 s left, on a loaded machine too
    await createTable(page, server.url, { name: 'Ana', seats: ['human', 'heuristic', 'heuristic', 'heuristic'], options: { schedule: '2,1' }, turnSeconds: 20 });
    const app = page.locator('#app');
    // the first turn is a bid: pressed by the keyboard, its buttons go, and the focus goes to the hand
    await page.locator('#app[data-turn="me"][data-phase="bidding"]').waitFor({ timeout: 30_000 });
    expect(await page.title()).toMatch(/^Your turn · /); // words, not "●"
    // cards may not be played while bidding: unavailable, not a button that only says "Refused"
    const cards = page.locator('[data-testid="hand"] button.card');
    expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('aria-disabled')))).toEqual(['true', 'true']);
    // pressed anyway, twice: the refusal is an alert, and the same words are said again (the alert
    // emptied, then filled again)
    await cards.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => liveOf(page, 'alert')).toContainEqual(expect.stringMatching(/^Refused/));
    await page.keyboard.press('Enter');
    await expect.poll(async () => saidAgain(await liveOf(page, 'alert'), /^Refused/)).toBe(true);
    // the turn timer warns once, at 10 s left
    await expect.poll(async () => (await live(page)).filter((l) => /seconds left on your turn/.test(l)).length, { timeout: 25_000 }).toBe(1);
    const seq = await app.getAttribute('data-seq');
    await page.locator('[data-testid="actions"] button.act.legal').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((s) => document.getElementById('app')!.dataset.seq !== s, seq);
    await expect.poll(() => focused(page)).not.toBe('BODY');
    expect(await focused(page)).toMatch(/^(section\|hand|button\|card:|button\|act:)/);
    // the first card: played by the keyboard, the focus goes to the card beside it
    await page.locator('#app[data-turn="me"][data-phase="playing"]').waitFor({ timeout: 30_000 });
    const hand = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    const legal = page.locator('[data-testid="hand"] button.card.legal');
    const played = await legal.first().getAttribute('data-card');
    const seq2 = await app.getAttribute('data-seq');
    await legal.first().focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((s) => document.getElementById('app')!.dataset.seq !== s, seq2);
    const other = hand.find((c) => c !== played);
    await expect.poll(() => focused(page)).toBe(`button|card:${other}`);
    // the rest of the game; the focus is never lost at the end of a deal or at the game's end
    const stats: PlayStats = { actions: 0, refused: [] };
    await playUntil(page, stats, async () => false);
    await page.getByTestId('game-over').waitFor();
    expect(await focused(page)).not.toBe('BODY');
    // announced: cards by name, tricks' winners, bots' bids, the deal's results, the winners
    const said = (await live(page)).filter((l) => l.startsWith('turn-announcer|')).join('\n');
    expect(said).toMatch(/You played (ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two) of (spades|hearts|diamonds|clubs)/);
    expect(said).toMatch(/heuristic #\d played \w+ of \w+/);
    expect(said).toMatch(/ won the trick/);
    expect(said).toMatch(/heuristic #\d: bid \d/);
    expect(said).toMatch(/Deal 1 scored\. You bid \d, won \d: -?\d+(\.\d)? points/);
    // the next deal as it begins (regression: not said)
    expect(said).toMatch(/Deal 2: 1 card, (trump (spades|hearts|diamonds|clubs)( \(turned \w+ of \w+\))?|no trump), dealer (you|heuristic #\d)/);
    expect(said).toMatch(/Game over\. .* wins?\./);
    expect(said).not.toMatch(/[♠♥♦♣●]/);
    // your turn is said at each of your turns; the announcer is emptied only to say the same words again
    const turns = await liveOf(page, 'turn-announcer');
    expect(turns.filter((l) => /Your turn: Play a card\.$/.test(l)).length).toBeGreaterThanOrEqual(2);
    for (let k = 1; k + 1 < turns.length; ++k) if (turns[k] === '') expect(turns[k + 1], `announcement ${k + 1}`).toBe(turns[k - 1]);
    // the score sheet for screen readers: a table, the text layout hidden
    expect(await page.getByTestId('sheet').getAttribute('aria-hidden')).toBe('true');
    expect(await page.locator('[data-testid="sheet-table"] tbody tr').count()).toBe(2);
    // errors are alerts, other notices status messages; one region each, kept in the page
    expect(await page.locator('[data-testid="notice"] [role="alert"]').count()).toBe(1);
    expect(await page.locator('[data-testid="notice"] [role="status"]').count()).toBe(1);
    // seats are groups, not landmarks
    expect(await page.locator('section.seat').count()).toBe(0);
    expect(await page.locator('.seat[role="group"]').count()).toBe(4);

    // to the replay by the keyboard: the new page's heading has the focus
    await page.getByTestId('replay-link').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/replay\//);
    await page.getByTestId('replay-pos').waitFor();
    await expect.poll(() => focused(page)).toBe('h1|page-title');
    expect(await page.title()).toMatch(/^Replay: \S.* · Whist$/);
    expect(await page.getByText(/Keys: ← and → step/).count()).toBe(1);
    const step = page.getByTestId('replay-live');
    await expect.poll(() => step.textContent()).toMatch(/^Deal 1, step 1 of \d+: the cards as dealt$/);
    // Last: at the end it is aria-disabled and keeps the focus; the step is announced by name
    await page.getByTestId('replay-last').focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('replay-last').getAttribute('aria-disabled')).toBe('true');
    expect(await focused(page)).toBe('button|replay-last');
    expect(await step.textContent()).toMatch(/: play the \w+ of \w+$/);
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toBe('button|replay-last');
    const atStep = await step.textContent();
    const [, at, of] = /step (\d+) of (\d+)/.exec(atStep ?? '')!;
    expect(Number(at)).toBe(Number(of) - 1);
    // in the score sheet, which scrolls sideways on a narrow screen, the arrows scroll it
    await page.setViewportSize({ width: 360, height: 700 });
    const box = page.locator('.sheet-box');
    await box.focus();
    expect(await box.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await step.textContent()).toBe(atStep);
    await expect.poll(() => box.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
    await context.close();
  });

  it("a spectator's name keeps its caret and what is typed while others play", async () => {
    const { page, context } = await newPage(env.browser, env.watch);
    // a game in play with a seat its player left (the visitor may take it), moving on every 2 s: a
    // player who never moves, on a turn timer
    const g = await server.api<{ token: string }>('POST', '/api/guests', { name: 'Leaver' });
    const stay = await server.api<{ token: string }>('POST', '/api/guests', { name: 'Stay' });
    const t = await server.api<{ id: string }>('POST', '/api/tables', { token: g.token, variant: 'romanian', players: 4, seats: ['human', 'human', 'heuristic', 'heuristic'], options: { schedule: '8,8,8' }, turn_seconds: 2 });
    await server.api('POST', `/api/tables/${t.id}/join`, { token: stay.token, seat: 1 });
    await server.api('POST', `/api/tables/${t.id}/join`, { token: g.token, seat: 0 });
    await server.api('POST', `/api/tables/${t.id}/leave`, { token: g.token });
    await page.goto(`${server.url}/#/table/${t.id}`);
    const name = page.getByTestId('join-name');
    await name.waitFor();
    // the heading and the score's summary, focused, are the same elements as others play: a new one
    // at each state took the focus again, and screen readers said it again
    const app = page.locator('#app');
    for (const target of [page.locator('h1'), page.locator('[data-key="score-summary"]')]) {
      await target.focus();
      // a property, not an attribute, which would make it differ from the one drawn next
      await page.evaluate(() => ((document.activeElement as unknown as { marked: string }).marked = 'yes'));
      const at = await app.getAttribute('data-seq');
      await page.waitForFunction((s) => document.getElementById('app')!.dataset.seq !== s, at, { timeout: 15_000 });
      expect(await page.evaluate(() => (document.activeElement as unknown as { marked?: string }).marked)).toBe('yes');
    }
    await name.fill('Lee');
    await name.focus();
    await page.keyboard.press('Home');
    const seq = await app.getAttribute('data-seq');
    for (const c of 'XYZ') {
      await page.keyboard.type(c);
      await page.waitForTimeout(1100); // others' moves are shown meanwhile
    }
    expect(await app.getAttribute('data-seq')).not.toBe(seq);
    expect(await name.inputValue()).toBe('XYZLee');
    expect(await focused(page)).toBe('input|join-name');
    // the seat taken by the keyboard: the focus stays on the board (the button is aria-disabled
    // while the request runs, then gone)
    await page.getByTestId('take-seat-0').focus();
    await page.keyboard.press('Enter');
    await page.getByText('You are XYZLee').waitFor();
    await expect.poll(() => focused(page)).not.toBe('BODY');
    await context.close();
  });

  // Regression: with no hand on the screen (the waiting room, the game over) the focus falls on the
  // turn line, which was drawn anew at every state and focused again: screen readers read "Waiting
  // for 1 more player" again at each spectator who came or went. And a seat taken by another took
  // the focus from its button to the turn line, not to the next seat's button.
  it('the waiting room: a seat taken by another moves the focus to the next, an unchanged turn line is kept', async () => {
    const { page, context } = await newPage(env.browser, env.watch);
    const host = await server.api<{ token: string }>('POST', '/api/guests', { name: 'Host' });
    const other = await server.api<{ token: string }>('POST', '/api/guests', { name: 'Other' });
    const t = await server.api<{ id: string }>('POST', '/api/tables', { token: host.token, variant: 'romanian', players: 4, seats: ['human', 'human', 'human', 'heuristic'] });
    const frames = framesReceived(page);
    await page.goto(`${server.url}/#/table/${t.id}`);
    await page.getByTestId('take-seat-1').focus();
    await server.api('POST', `/api/tables/${t.id}/join`, { token: other.token, seat: 1 });
    await expect.poll(() => focused(page)).toBe('button|take-seat:2');
    await page.keyboard.press('Enter');
    await page.getByText(/^You are /).waitFor();
    await expect.poll(() => focused(page)).toBe('p|turn');
    const turn = page.getByTestId('turn');
    expect(await turn.textContent()).toBe('Waiting for 1 more player');
    await page.evaluate(() => ((document.activeElement as unknown as { marked: string }).marked = 'yes'));
    // a spectator comes: a state (of the same seq), the turn line the same
    const watcher = await newPage(env.browser, env.watch);
    await watcher.page.goto(`${server.url}/#/table/${t.id}`);
    await expect.poll(() => frames.some((f) => /"spectators":1\b/.test(f)), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => allStatesShown(page, frames), { timeout: 10_000 }).toBe(true);
    expect(await turn.textContent()).toBe('Waiting for 1 more player');
    expect(await page.evaluate(() => (document.activeElement as unknown as { marked?: string }).marked)).toBe('yes');
    await watcher.context.close();
    await context.close();
  });

  // Regression (a review): the turn line kept its data-key with a hand on the screen, so a seat
  // taken in the waiting room (the focus then on the turn line) left the focus on that line for the
  // whole game, each new line focused and read again; the hand never had it.
  it('a seat taken in the waiting room: once the game begins, the focus is in the hand, not on the turn line', async () => {
    const { page, context } = await newPage(env.browser, env.watch);
    await context.addInitScript(() => localStorage.setItem('whist.pace', 'instant'));
    const host = await server.api<{ token: string }>('POST', '/api/guests', { name: 'Host' });
    const other = await server.api<{ token: string }>('POST', '/api/guests', { name: 'Other' });
    const t = await server.api<{ id: string }>('POST', '/api/tables', { token: host.token, variant: 'romanian', players: 4, seats: ['human', 'human', 'heuristic', 'heuristic'] });
    await page.goto(`${server.url}/#/table/${t.id}`);
    await page.getByTestId('take-seat-0').focus();
    await page.keyboard.press('Enter');
    await page.getByText(/^You are /).waitFor();
    await expect.poll(() => focused(page)).toBe('p|turn');
    // the game begins; the other leaves, a bot plays its seat (the game goes on to the player's turn)
    await server.api('POST', `/api/tables/${t.id}/join`, { token: other.token, seat: 1 });
    await expect.poll(() => page.locator('#app').getAttribute('data-state'), { timeout: 15_000 }).toBe('playing');
    await server.api('POST', `/api/tables/${t.id}/leave`, { token: other.token });
    await expect.poll(() => page.locator('#app').getAttribute('data-turn'), { timeout: 20_000 }).toBe('me');
    const inHand = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="hand"], [data-testid="actions"]'));
    await expect.poll(inHand, { timeout: 5000 }).toBe(true);
    expect(await focused(page)).not.toBe('p|turn');
    await context.close();
  });

  it('passing cards are toggle buttons', async () => {
    const { page, context } = await newPage(env.browser, env.watch);
    await context.addInitScript(() => localStorage.setItem('whist.pace', 'instant'));
    // passing in the auction brings the card-passing rounds when all pass: an auction from 12 (13
    // after the one passing round), which the bots do not open (from 5, all passed in ~22 % of deals)
    await createTable(page, server.url, { name: 'Ana', variant: 'israeli', seats: ['human', 'heuristic', 'heuristic', 'heuristic'], options: { auction_min: '12', pass_rounds: '1' } });
    const stats: PlayStats = { actions: 0, refused: [], prefer: 'pass' };
    await playUntil(page, stats, async () => (await page.locator('#app[data-turn="me"][data-phase="passing"]').count()) > 0, { maxActions: 10 });
    expect(await page.getByTestId('game-over').count(), 'no passing round came').toBe(0);
    const pressed = await page.locator('[data-testid="hand"] button.card').evaluateAll((els) => els.map((e) => e.getAttribute('aria-pressed')));
    expect(pressed.length).toBeGreaterThan(0);
    expect(pressed.every((p) => p === 'false')).toBe(true);
    await takeTurn(page, stats, false);
    await expect.poll(() => page.locator('[data-testid="hand"] button.card[aria-pressed="true"]').count()).toBe(1);
    await context.close();
  });
});
