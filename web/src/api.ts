// The lobby's HTTP API (docs/protocol.md, "HTTP API").
import type { Replay, Summary, TableList, Variants } from './types';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  // The message without the field's name in front ("options.schedule: option schedule: bad
  // value…" -> "option schedule: bad value…"), to show next to that field.
  get fieldMessage(): string {
    const prefix = `${this.field}: `;
    return this.field && this.message.startsWith(prefix) ? this.message.slice(prefix.length) : this.message;
  }
}

// What a person reads for an answer that is not OK.
export function errorText(status: number, code: string | undefined, message: string | undefined): string {
  if (status === 429 || code === 'rate-limit') {
    // The server's message says whose limit it is (an address's, a guest's seat changes).
    return message
      ? `Too many requests (${message}): wait a moment and try again.`
      : 'Too many requests: wait a moment and try again.';
  }
  return message ?? `HTTP ${status}`;
}

// What a person reads while a table with all the spectators it takes keeps this page out: the page
// asks again every `seconds`, as a place comes free when a spectator goes.
export function spectatorsFullText(id: string, seconds: number): string {
  return `Table ${id} has as many spectators as it takes: asking again every ${seconds} seconds. Or watch another table.`;
}

// What a person reads for a WebSocket error that ends a table's page (it says no table is there to
// show), or null for an error about one message.
export function tableGoneText(code: string, id: string): string | null {
  if (code === 'not-found') {
    return `There is no table ${id}: the link is wrong, or the table waited with nobody at it and was closed.`;
  }
  if (code === 'damaged') {
    return `Table ${id} cannot be shown: it is damaged in the server's database. Its record is kept there as it is; the server's log says what is wrong.`;
  }
  return null;
}

async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'network', 'the server cannot be reached');
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = (data as { error?: { code?: string; message?: string; field?: string } } | null)?.error;
    throw new ApiError(res.status, e?.code ?? 'http', errorText(res.status, e?.code, e?.message), e?.field);
  }
  return data as T;
}

export interface Guest {
  name: string;
  token: string;
}

export interface CreateTable {
  token: string;
  variant: string;
  players: number;
  options: Record<string, string>;
  seats: string[];
  public: boolean;
  name?: string;
  turn_seconds?: number;
}

// The lobby's filters (GET /api/tables): one preset, and only tables with a free seat.
export interface TableFilter {
  variant?: string;
  free?: boolean;
}

export function tablesPath(f: TableFilter = {}): string {
  const q = new URLSearchParams();
  if (f.variant) q.set('variant', f.variant);
  if (f.free) q.set('free', 'true');
  const query = q.toString();
  return query ? `/api/tables?${query}` : '/api/tables';
}

export const api = {
  variants: () => request<Variants>('GET', '/api/variants'),
  createGuest: (name: string) => request<Guest>('POST', '/api/guests', { name }),
  createTable: (t: CreateTable) => request<{ id: string; link: string }>('POST', '/api/tables', t),
  listTables: (f: TableFilter = {}) => request<TableList>('GET', tablesPath(f)),
  table: (id: string) => request<Summary>('GET', `/api/tables/${encodeURIComponent(id)}`),
  join: (id: string, token: string, seat: number) =>
    request<{ seat: number }>('POST', `/api/tables/${encodeURIComponent(id)}/join`, { token, seat }),
  leave: (id: string, token: string) =>
    request<object>('POST', `/api/tables/${encodeURIComponent(id)}/leave`, { token }),
  rematch: (id: string, token: string) =>
    request<{ id: string; link: string }>('POST', `/api/tables/${encodeURIComponent(id)}/rematch`, {
      token,
    }),
  replay: (id: string) => request<Replay>('GET', `/api/tables/${encodeURIComponent(id)}/replay`),
};
