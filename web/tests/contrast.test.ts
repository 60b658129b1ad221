// The stylesheet's colours against WCAG AA, light and dark: text 4.5:1 on the page and the panels,
// white on the accent's buttons, the cues that mark legal cards and the seat to move 3:1, on the
// page and on the felt (an audit found dark red text at 2.70:1, the dark accent under white at
// 3.68:1, the amber cue at 2.15:1).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(resolve(__dirname, '../src/style.css'), 'utf8');

function vars(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)) out[m[1]] = m[2].toLowerCase();
  return out;
}

const light = vars(css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {'))));
const darkStart = css.indexOf(':root {', css.indexOf('@media (prefers-color-scheme: dark)'));
const dark = { ...light, ...vars(css.slice(darkStart, css.indexOf('}', darkStart))) };

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

describe('colour contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrast('#f59e0b', '#ffffff')).toBeCloseTo(2.15, 1);
  });

  for (const [scheme, v] of [['light', light], ['dark', dark]] as const) {
    it(`${scheme}: text on the page and the panels is 4.5:1 or more`, () => {
      for (const fg of ['fg', 'muted', 'red', 'accent', 'ok']) {
        for (const bg of ['bg', 'panel']) {
          expect(contrast(v[fg], v[bg]), `--${fg} on --${bg}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      // notices and banners
      expect(contrast(v['error-fg'], v['error-bg'])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v['warn-fg'], v['warn-bg'])).toBeGreaterThanOrEqual(4.5);
    });

    it(`${scheme}: white on the accent (primary buttons, the "you" badge) is 4.5:1 or more`, () => {
      expect(contrast(v['accent-fg'], v['accent-bg'])).toBeGreaterThanOrEqual(4.5);
    });

    it(`${scheme}: the legal-move cue is 3:1 or more beside it`, () => {
      // the ring of a legal card is between the card and the page; the seat's and the turn line's
      // are on the panel; the mark ◀ is text on the panel
      expect(contrast(v.legal, v.panel)).toBeGreaterThanOrEqual(3);
      expect(contrast(v.legal, v.bg)).toBeGreaterThanOrEqual(3);
    });

    it(`${scheme}: the cue on the felt (the trick's winner) is 3:1 or more`, () => {
      // regression: the ring was --legal, whose light amber darkened for white was 1.42:1 on the felt
      expect(contrast(v['felt-cue'], v.felt)).toBeGreaterThanOrEqual(3);
    });
  }

  it('red cards are red enough on their white face, in the dark too', () => {
    expect(contrast(dark['card-red'], dark['card-bg'])).toBeGreaterThanOrEqual(4.5);
  });
});
