// The presets and their options, for the lobby's create-table form: the server says what they
// are (GET /api/variants); this file only decides how to show them.
import type { OptionInfo, Preset, Variants } from './types';

export type { OptionInfo, Preset, Scoring, Variants } from './types';

// How the form offers an option: a list as a <select>, a number as a number input, anything else
// (a schedule such as "5,3,1") as free text that the server checks when the table is created.
export type OptionInput =
  | { kind: 'select'; values: string[] }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'text'; hint: string; suggestions: string[] };

export function optionInput(o: OptionInfo): OptionInput {
  if (o.values && o.values.length > 0) return { kind: 'select', values: o.values };
  if (o.range) return { kind: 'number', min: o.range[0], max: o.range[1] };
  return { kind: 'text', hint: o.accepts, suggestions: suggestions(o.accepts) };
}

// Ready-made values of a free-text option, from what it accepts ("1-8-1|8-1-8|list such as
// 5,3,1" suggests 1-8-1 and 8-1-8): the alternatives that are one plain word.
export function suggestions(accepts: string): string[] {
  if (!accepts.includes('|')) return [];
  return accepts
    .split('|')
    .map((v) => v.trim())
    .filter((v) => /^[\w.,+-]+$/.test(v));
}

// The options to send: only those changed from their defaults.
export function changedOptions(
  preset: Preset,
  values: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of preset.options) {
    const v = values[o.name];
    if (v !== undefined && v.trim() !== '' && v.trim() !== o.default) out[o.name] = v.trim();
  }
  return out;
}

export const BOT_KINDS = ['random', 'heuristic', 'ismcts', 'expert'] as const;
export const BOT_LEVELS = ['easy', 'normal', 'hard', 'max'] as const;

// The levels the server offers (GET /api/variants' bot_levels), or every level.
export function offeredLevels(v: Variants | null): readonly string[] {
  return v?.bot_levels ?? BOT_LEVELS;
}

// The seat choices: a human, or a bot and its level, among `levels`.
export function seatChoices(levels: readonly string[] = BOT_LEVELS): { value: string; label: string }[] {
  const out = [
    { value: 'human', label: 'Human' },
    { value: 'random', label: 'Bot: random' },
    { value: 'heuristic', label: 'Bot: heuristic' },
  ];
  for (const kind of ['expert', 'ismcts'])
    for (const level of levels) out.push({ value: `${kind}:${level}`, label: `Bot: ${kind} (${level})` });
  return out;
}

// A new bot seat: the expert at normal, or at the strongest level offered below it.
export function defaultBotSeat(levels: readonly string[]): string {
  const strongest = levels[levels.length - 1];
  return levels.includes('normal') || strongest === undefined ? 'expert:normal' : `expert:${strongest}`;
}

export const PRESET_TITLES: Record<string, string> = {
  romanian: 'Romanian whist',
  triangular: 'Whist (triangular scoring)',
  serbian: 'Serbian whist (vist)',
  'oh-hell': 'Oh Hell',
  israeli: 'Israeli whist',
  'call-ace': 'Call-Ace whist',
};

export function presetTitle(name: string): string {
  return PRESET_TITLES[name] ?? name;
}
