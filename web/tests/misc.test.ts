import { describe, expect, it } from 'vitest';
import { chartGeometry } from '../src/chart';
import { backoffDelay, wsUrl } from '../src/connection';
import { replayMatch } from '../src/replay';
import { parseRoute } from '../src/route';
import { changedOptions, plainChoices, seatChoices, suggestions } from '../src/variants';
import { PRESETS, SCORINGS } from '../src/variants.gen';
import { match } from './fixtures';

describe('reconnection', () => {
  it('backs off from half a second to five, with jitter', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 9].map((n) => backoffDelay(n, mid))).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    expect(backoffDelay(1, () => 0)).toBe(375);
    expect(backoffDelay(1, () => 1)).toBe(625);
  });

  it('talks to /ws on the page\'s own host', () => {
    expect(wsUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/ws');
    expect(wsUrl({ protocol: 'https:', host: 'whist.example' })).toBe('wss://whist.example/ws');
  });
});

describe('routes', () => {
  it('reads the hash', () => {
    expect(parseRoute('')).toEqual({ kind: 'lobby' });
    expect(parseRoute('#/')).toEqual({ kind: 'lobby' });
    expect(parseRoute('#/table/3b1e00ff12345678')).toEqual({ kind: 'table', id: '3b1e00ff12345678' });
    expect(parseRoute('#/replay/3b1e')).toEqual({ kind: 'replay', id: '3b1e' });
    expect(parseRoute('#/table/../x')).toEqual({ kind: 'lobby' });
  });
});

describe('chart', () => {
  it('scales the running totals into the box', () => {
    const g = chartGeometry([[0, 10, 5], [0, -10, 0]], 200, 100);
    expect(g.min).toBe(-10);
    expect(g.max).toBe(10);
    expect(g.deals).toBe(2);
    expect(g.x(0)).toBe(40);
    expect(g.x(2)).toBe(188);
    expect(g.y(10)).toBe(12);
    expect(g.y(-10)).toBe(76);
    expect(g.lines[0]).toBe('40,44 114,12 188,28');
  });

  it('draws a flat chart before the first deal', () => {
    const g = chartGeometry([[0], [0]], 200, 100);
    expect(g.max).toBeGreaterThan(g.min);
    expect(g.lines).toHaveLength(2);
  });
});

describe('presets', () => {
  it('has every preset with its options and defaults', () => {
    expect(PRESETS.map((p) => p.name)).toEqual(['romanian', 'triangular', 'serbian', 'oh-hell', 'israeli', 'call-ace']);
    const romanian = PRESETS[0];
    expect(romanian.players).toEqual({ default: 4, min: 3, max: 6 });
    const hook = romanian.options.find((o) => o.name === 'hook')!;
    expect(hook.default).toBe('on');
    expect(plainChoices(hook)).toEqual(['on', 'off']);
    const scoring = romanian.options.find((o) => o.name === 'scoring')!;
    expect(plainChoices(scoring)).toEqual(SCORINGS.map((s) => s.name));
    const schedule = romanian.options.find((o) => o.name === 'schedule')!;
    expect(plainChoices(schedule)).toBeNull();
    expect(suggestions(schedule)).toContain('1-8-1');
    expect(romanian.options.find((o) => o.name === 'max_cards')!.range).toEqual([0, 52]);
  });

  it('sends only the options that changed', () => {
    const p = PRESETS[0];
    const values = Object.fromEntries(p.options.map((o) => [o.name, o.default]));
    expect(changedOptions(p, values)).toEqual({});
    expect(changedOptions(p, { ...values, schedule: ' 2,1 ', hook: 'off' })).toEqual({ schedule: '2,1', hook: 'off' });
  });

  it('offers humans and every bot level', () => {
    const values = seatChoices().map((c) => c.value);
    expect(values).toContain('human');
    expect(values).toContain('expert:hard');
    expect(values).toContain('ismcts:easy');
    expect(values).toContain('random');
  });
});

describe('replay score', () => {
  it('shows the score as it stood before the deal', () => {
    const m = match({ finished: true, winners: [2], results: [match().results[0], { ...match().results[0], points: [1, 1, 1, 1] }] });
    const before2 = replayMatch(m, 1);
    expect(before2.results).toHaveLength(1);
    expect(before2.totals).toEqual([-2, 5, 5.5, -1]);
    expect(before2.finished).toBe(false);
    expect(replayMatch(m, 0).totals).toEqual([0, 0, 0, 0]);
  });
});
