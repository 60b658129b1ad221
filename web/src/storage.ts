// What the browser keeps between visits (localStorage): the guest (name and token) and the
// tables one sat at, so that a reload or another day finds the seat again.
import { api, ApiError, type Guest } from './api';
import type { Summary } from './types';

const GUEST_KEY = 'whist.guest';
const TABLES_KEY = 'whist.tables';

export interface KnownTable {
  id: string;
  token: string; // the guest token that holds the seat
  seat: number;
  variant: string;
  at: number; // when last opened (ms)
  // What tells the lobby's rows apart, as this browser last saw the table (a finished game and its
  // rematch read alike but for the time): entries kept before these were have none of them.
  name?: string; // the table's name, when it has one
  finished?: boolean; // its game seen over
  rematch?: string; // the id of its rematch, once seen
  rematchOf?: string; // the table it is the rematch of, when known
}

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode: nothing kept */
  }
}

export function storedGuest(): Guest | null {
  const g = read<Guest | null>(GUEST_KEY, null);
  return g && typeof g.token === 'string' && typeof g.name === 'string' ? g : null;
}

// A new guest of this name, stored (in place of the one kept) only once the server has made it:
// a refusal (a name refused, 429, no network) leaves the one kept as it was.
async function newGuest(name: string): Promise<Guest> {
  const fresh = await api.createGuest(name);
  write(GUEST_KEY, fresh);
  return fresh;
}

// The guest, made on first need (or anew when the name changed).
export async function ensureGuest(name: string): Promise<Guest> {
  const want = name.trim();
  const g = storedGuest();
  if (g && (want === '' || want === g.name)) return g;
  return newGuest(want || randomGuestName());
}

// Runs `use` with the guest, made on first need. A guest the server no longer knows (retired after
// long unseen: docs/protocol.md, the code `unknown-guest`) is made anew with its name, and `use`
// tried once more with it; `remaking` is called just before, so that a caller tells a refusal of
// the new guest from one of its own request.
export async function withGuest<T>(name: string, use: (g: Guest) => Promise<T>, remaking?: () => void): Promise<T> {
  const g = await ensureGuest(name);
  try {
    return await use(g);
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== 'unknown-guest') throw e;
    remaking?.();
    return use(await newGuest(g.name));
  }
}

export function randomGuestName(): string {
  return `Guest ${1000 + Math.floor(Math.random() * 9000)}`;
}

export function knownTables(): KnownTable[] {
  return read<KnownTable[]>(TABLES_KEY, []).filter((t) => t && typeof t.id === 'string');
}

export function knownTable(id: string): KnownTable | undefined {
  return knownTables().find((t) => t.id === id);
}

// What was learnt of the table before (its name, its end) is kept; a table that another kept
// names as its rematch is marked as one.
export function rememberTable(t: Omit<KnownTable, 'at'>): void {
  const all = knownTables();
  const old = all.find((k) => k.id === t.id);
  const rest = all.filter((k) => k.id !== t.id);
  const rematchOf = t.rematchOf ?? old?.rematchOf ?? rest.find((k) => k.rematch === t.id)?.id;
  write(TABLES_KEY, [{ ...old, ...t, ...(rematchOf ? { rematchOf } : {}), at: Date.now() }, ...rest].slice(0, 20));
}

// What a table's summary says for the list of one's tables: its game, its name when it has one,
// whether its game is over, its rematch.
export function tableFacts(t: Summary): Pick<KnownTable, 'variant' | 'name' | 'finished' | 'rematch'> {
  return {
    variant: t.variant,
    ...(t.name ? { name: t.name } : {}),
    ...(t.state === 'finished' ? { finished: true } : {}),
    ...(t.rematch ? { rematch: t.rematch } : {}),
  };
}

// Whether `facts` (tableFacts) would change what is kept of the table.
export function factsChange(known: KnownTable, facts: Partial<KnownTable>): boolean {
  return Object.entries(facts).some(([k, v]) => known[k as keyof KnownTable] !== v);
}

export function forgetTable(id: string): void {
  write(
    TABLES_KEY,
    knownTables().filter((k) => k.id !== id),
  );
}

// The token to say hello with at a table: the one that holds a seat there, else the guest's.
export function tokenFor(tableId: string): string | undefined {
  return knownTable(tableId)?.token ?? storedGuest()?.token;
}

const PACE_KEY = 'whist.pace';

// How fast others' moves are shown: normal, fast or instant.
export function storedPace(): string {
  try {
    const p = localStorage.getItem(PACE_KEY);
    return p === 'fast' || p === 'instant' ? p : 'normal';
  } catch {
    return 'normal';
  }
}

export function storePace(p: string): void {
  try {
    localStorage.setItem(PACE_KEY, p);
  } catch {
    /* not kept */
  }
}
