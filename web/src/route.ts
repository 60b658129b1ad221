export type Route = { kind: 'lobby' } | { kind: 'table'; id: string } | { kind: 'replay'; id: string };

export function parseRoute(hash: string): Route {
  const m = hash.match(/^#\/(table|replay)\/([0-9a-zA-Z]+)\/?$/);
  if (m) return { kind: m[1] as 'table' | 'replay', id: m[2] };
  return { kind: 'lobby' };
}
