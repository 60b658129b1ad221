// The presets and their options, for the lobby's create-table form.
export interface OptionInfo {
  name: string;
  default: string;
  description: string;
  values: string[] | null; // the choices as `whist variants` lists them (some describe a form)
  range: [number, number] | null; // a number option's bounds
}

export interface Preset {
  name: string;
  description: string;
  players: { default: number; min: number; max: number };
  options: OptionInfo[];
}

export interface Scoring {
  name: string;
  description: string;
}

// The choices of an option a <select> can offer: every value, when each is one plain word.
export function plainChoices(o: OptionInfo): string[] | null {
  if (!o.values) return null;
  return o.values.every((v) => /^[\w.,+-]+$/.test(v)) ? o.values : null;
}

// Suggestions for a free-text option: its plain values ("1-8-1", "none").
export function suggestions(o: OptionInfo): string[] {
  return (o.values ?? []).filter((v) => /^[\w.,+-]+$/.test(v));
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

// The seat choices: a human, or a bot and its level.
export function seatChoices(): { value: string; label: string }[] {
  const out = [
    { value: 'human', label: 'Human' },
    { value: 'random', label: 'Bot: random' },
    { value: 'heuristic', label: 'Bot: heuristic' },
  ];
  for (const kind of ['expert', 'ismcts'])
    for (const level of BOT_LEVELS) out.push({ value: `${kind}:${level}`, label: `Bot: ${kind} (${level})` });
  return out;
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
