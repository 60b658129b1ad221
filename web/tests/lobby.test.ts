// The lobby's list: the filters as the server reads them (GET /api/tables), and what the list says
// of its length when the server names only the first hundred tables.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, tablesPath } from '../src/api';
import { countText } from '../src/lobby';

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
