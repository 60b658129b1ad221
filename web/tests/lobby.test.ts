// The lobby's list: the filters as the server reads them (GET /api/tables), and what the list says
// of its length when the server names only the first hundred tables; the list of one's own tables.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, tablesPath } from '../src/api';
import { countText, knownTableParts, knownTableText } from '../src/lobby';
import { factsChange, knownTables, rememberTable, tableFacts, type KnownTable } from '../src/storage';
import { summary } from './fixtures';

describe('the list of tables', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the filters chosen, and nothing when none is', () => {
    expect(tablesPath()).toBe('/api/tables');
    expect(tablesPath({ variant: '', free: false })).toBe('/api/tables');
    expect(tablesPath({ variant: 'oh-hell' })).toBe('/api/tables?variant=oh-hell');
    expect(tablesPath({ free: true })).toBe('/api/tables?free=true');
    expect(tablesPath({ variant: 'call-ace', free: true })).toBe('/api/tables?variant=call-ace&free=true');
  });

  it('reads the tables and how many there are in all', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ tables: [], total: 2345 }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    expect(await api.listTables({ variant: 'serbian', free: true })).toEqual({ tables: [], total: 2345 });
    expect(fetch.mock.calls[0]).toEqual(['/api/tables?variant=serbian&free=true', expect.objectContaining({ method: 'GET' })]);
  });

  it('says how many tables, or the first of how many', () => {
    expect(countText(3, 3, false)).toBe('3 tables');
    expect(countText(1, 1, true)).toBe('1 table');
    expect(countText(100, 2345, false)).toBe('Showing 100 of 2,345 tables');
    expect(countText(0, 0, false)).toBe('No open tables');
    expect(countText(0, 0, true)).toBe('No open tables match');
  });
});

// Regression (audit): after a game and its rematch, "Your tables" showed two rows alike but for the
// time ("Oh Hell · seat 1 · 11/28/2026, 8:08:03 PM"), with neither the table's name nor whether the
// game was over. What tells them apart is kept as the table page sees it, and no request is made
// per row (the API's rate limit).
describe('your tables', () => {
  afterEach(() => vi.unstubAllGlobals());

  const at = new Date(2026, 10, 28, 20, 8, 3).getTime();
  const when = new Date(at).toLocaleString();
  const stubStorage = (tables?: unknown) => {
    const kept = new Map<string, string>(tables === undefined ? [] : [['whist.tables', JSON.stringify(tables)]]);
    vi.stubGlobal('localStorage', { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => kept.set(k, v) });
    return kept;
  };

  it('names the table, a rematch and a game over', () => {
    const old: KnownTable = { id: 'a1', token: 't', seat: 0, variant: 'oh-hell', at };
    expect(knownTableParts({ ...old, finished: true })).toEqual(['Oh Hell', 'seat 1', 'finished']);
    expect(knownTableParts({ ...old, id: 'b2', rematchOf: 'a1' })).toEqual(['Oh Hell', 'rematch', 'seat 1']);
    expect(knownTableParts({ ...old, name: 'Friday', seat: 2, rematchOf: 'a1', finished: true })).toEqual(['Friday', 'Oh Hell', 'rematch', 'seat 3', 'finished']);
    // the screen reader's words for the "Open" link differ as the rows do
    expect(knownTableText({ ...old, name: 'Friday', finished: true })).toEqual({ text: `Friday · Oh Hell · seat 1 · finished · ${when}`, label: ' Friday, Oh Hell, seat 1, finished' });
  });

  it('shows an entry kept before names and ends were as it did', () => {
    stubStorage([{ id: 'a1', token: 't', seat: 0, variant: 'oh-hell', at }]);
    const [t] = knownTables();
    expect(knownTableText(t)).toEqual({ text: `Oh Hell · seat 1 · ${when}`, label: ' Oh Hell, seat 1' });
  });

  it('keeps what the table page saw of the table: its name, its end, its rematch', () => {
    expect(tableFacts(summary({ variant: 'oh-hell' }))).toEqual({ variant: 'oh-hell' });
    expect(tableFacts(summary({ variant: 'oh-hell', name: 'Friday', state: 'finished', rematch: 'b2' }))).toEqual({ variant: 'oh-hell', name: 'Friday', finished: true, rematch: 'b2' });
    stubStorage([{ id: 'a1', token: 't', seat: 0, variant: 'oh-hell', at }]);
    const [old] = knownTables();
    expect(factsChange(old, tableFacts(summary({ variant: 'oh-hell' })))).toBe(false);
    const over = tableFacts(summary({ variant: 'oh-hell', name: 'Friday', state: 'finished', rematch: 'b2' }));
    expect(factsChange(old, over)).toBe(true);
    rememberTable({ ...old, ...over });
    expect(factsChange(knownTables()[0], over)).toBe(false);
    // a later welcome says only the seat: what was learnt stays
    rememberTable({ id: 'a1', token: 't', seat: 0, variant: 'oh-hell' });
    expect(knownTables()[0]).toMatchObject({ id: 'a1', name: 'Friday', finished: true, rematch: 'b2' });
    // the player follows "Go to the rematch": the table the finished one names is its rematch
    rememberTable({ id: 'b2', token: 't', seat: 0, variant: 'oh-hell', name: 'Friday' });
    const rows = knownTables().map((t) => knownTableText(t).text.replace(/ · [^·]+$/, ''));
    expect(rows).toEqual(['Friday · Oh Hell · rematch · seat 1', 'Friday · Oh Hell · seat 1 · finished']);
    // and stays one when it is remembered again
    rememberTable({ id: 'b2', token: 't', seat: 0, variant: 'oh-hell' });
    expect(knownTables()[0]).toMatchObject({ id: 'b2', rematchOf: 'a1' });
  });
});
