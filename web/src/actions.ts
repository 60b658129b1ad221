// The actions of docs/bot-protocol.md ("Actions"), read from their text.
import { cardName, cardShort, isCard, suitName, suitSymbol } from './cards';

export type ActionKind =
  | 'play'
  | 'bid'
  | 'announce-zero'
  | 'mode'
  | 'auction'
  | 'pass'
  | 'pass-card'
  | 'contract'
  | 'trump'
  | 'accept'
  | 'turn-next'
  | 'call'
  | 'take-kitty'
  | 'keep-hand'
  | 'discard'
  | 'other';

export interface ParsedAction {
  kind: ActionKind;
  text: string;
  card?: string;
  number?: number;
  arg?: string;
}

export function parseAction(text: string): ParsedAction {
  const t = text.trim();
  let m: RegExpMatchArray | null;
  // A forehead card, as its holder is told of it: the one card it may not see.
  if (/^play unseen$/i.test(t)) return { kind: 'play', text: t };
  if ((m = t.match(/^play (\S+)$/i)) && isCard(m[1].toUpperCase()))
    return { kind: 'play', text: t, card: m[1].toUpperCase() };
  if ((m = t.match(/^pass card (\S+)$/i)) && isCard(m[1].toUpperCase()))
    return { kind: 'pass-card', text: t, card: m[1].toUpperCase() };
  if ((m = t.match(/^discard (\S+)$/i)) && isCard(m[1].toUpperCase()))
    return { kind: 'discard', text: t, card: m[1].toUpperCase() };
  if ((m = t.match(/^call (\S+)$/i)) && isCard(m[1].toUpperCase()))
    return { kind: 'call', text: t, card: m[1].toUpperCase() };
  if ((m = t.match(/^bid (\d+)$/i))) return { kind: 'bid', text: t, number: Number(m[1]) };
  if (/^announce zero$/i.test(t)) return { kind: 'announce-zero', text: t };
  if ((m = t.match(/^mode (\S+)$/i))) return { kind: 'mode', text: t, arg: m[1] };
  if ((m = t.match(/^auction (\d+)(NT|[SHDC])$/i)))
    return { kind: 'auction', text: t, number: Number(m[1]), arg: m[2].toUpperCase() };
  if (/^pass$/i.test(t)) return { kind: 'pass', text: t };
  if ((m = t.match(/^contract (.+)$/i))) return { kind: 'contract', text: t, arg: m[1] };
  if ((m = t.match(/^trump ([SHDC])$/i))) return { kind: 'trump', text: t, arg: m[1].toUpperCase() };
  if (/^accept the turned card$/i.test(t)) return { kind: 'accept', text: t };
  if (/^turn the next kitty card$/i.test(t)) return { kind: 'turn-next', text: t };
  if (/^take the kitty$/i.test(t)) return { kind: 'take-kitty', text: t };
  if (/^keep the hand$/i.test(t)) return { kind: 'keep-hand', text: t };
  return { kind: 'other', text: t };
}

// What a button for the action says.
export function actionLabel(text: string): string {
  const a = parseAction(text);
  switch (a.kind) {
    case 'play':
      return a.card ? `Play ${cardShort(a.card)}` : 'Play your card (unseen)';
    case 'pass-card':
      return `Pass ${cardShort(a.card!)}`;
    case 'discard':
      return `Discard ${cardShort(a.card!)}`;
    case 'call':
      return `Call ${cardShort(a.card!)}`;
    case 'bid':
      return String(a.number);
    case 'announce-zero':
      return 'Announce zero';
    case 'mode':
      return `Mode: ${a.arg}`;
    case 'auction':
      return `${a.number} ${suitSymbol(a.arg!)}`;
    case 'pass':
      return 'Pass';
    case 'contract':
      return `Contract ${a.arg}`;
    case 'trump':
      return `Trump ${suitSymbol(a.arg!)}`;
    case 'accept':
      return 'Accept the turned card';
    case 'turn-next':
      return 'Turn the next kitty card';
    case 'take-kitty':
      return 'Take the kitty';
    case 'keep-hand':
      return 'Keep the hand';
    default:
      return a.text;
  }
}

// An action as a screen reader says it, on its button and wherever it is told (history, replay):
// cards and suits by name ("play the queen of spades", "auction 4 hearts") where the screen shows
// symbols ("play Q♠", "4 ♥").
export function actionAriaLabel(text: string): string {
  const a = parseAction(text);
  switch (a.kind) {
    case 'play':
      return a.card ? `play the ${cardName(a.card)}` : 'play your card (unseen)';
    case 'pass-card':
      return `pass the ${cardName(a.card!)}`;
    case 'discard':
      return `discard the ${cardName(a.card!)}`;
    case 'call':
      return `call the ${cardName(a.card!)}`;
    case 'bid':
      return `bid ${a.number}`;
    case 'auction':
      return `auction ${a.number} ${suitName(a.arg!)}`;
    case 'trump':
      return `trump ${suitName(a.arg!)}`;
    default:
      return actionLabel(text).toLowerCase();
  }
}

// The action a click on a card of one's own hand means in this phase, or null.
export function cardActionText(phase: string, card: string): string | null {
  switch (phase) {
    case 'playing':
      return `play ${card}`;
    case 'passing':
      return `pass card ${card}`;
    case 'discard':
      return `discard ${card}`;
    default:
      return null;
  }
}

// The kinds chosen by clicking a card in the hand (the rest are buttons).
export function isHandCardKind(kind: ActionKind): boolean {
  return kind === 'play' || kind === 'pass-card' || kind === 'discard';
}

export function sameAction(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}


// What Call-Ace's contract words mean (rules §11.1): a number is the tricks to take at least,
// the word after it how trump and the partner are found; the negative contracts are played alone
// with no trump.
export const CONTRACT_WORDS: [string, string][] = [
  ['plain', 'with the secret partner you call; you name trump'],
  ['turn', 'trump is turned from the kitty, which you must take'],
  ['good', 'clubs are trump'],
  ['sense', 'no trump'],
  ['half', 'your partner (who holds the card you call) names trump and may take the kitty'],
  ['quarter', 'you play alone and name trump'],
  ['sun', 'alone, no trump: take exactly one trick'],
  ['clean sun', 'alone, no trump: take no trick'],
  ['table', 'as sun, and your hand is shown after the first trick'],
  ['clean table', 'as clean sun, and your hand is shown after the first trick'],
  ['double table', 'alone, no trump, no trick; every hand is shown after the first trick'],
];

// A contract's name as its tricks and its word ("7 half": 7, half; "7": 7, plain; "sun": null, sun).
export function contractParts(name: string): { tricks: number | null; word: string } {
  const t = name.trim().toLowerCase();
  const m = t.match(/^(\d+)(?: (.+))?$/);
  return m ? { tricks: Number(m[1]), word: m[2] ?? 'plain' } : { tricks: null, word: t };
}

// What a contract asks, for its button's tooltip: "7 half: at least 7 tricks; your partner …".
export function contractMeaning(name: string): string {
  const { tricks, word } = contractParts(name);
  const meaning = CONTRACT_WORDS.find(([w]) => w === word)?.[1] ?? '';
  return `${name}: ${tricks !== null ? `at least ${tricks} tricks; ` : ''}${meaning}`;
}

// Call-Ace's auction choices in rows (regression: up to 47 buttons wrapped one after another on a
// phone, the hand some 1,250 px below the turn line): one row a number of tricks, its contracts in
// the ladder's order, then the negative contracts. Each button's label is its word alone.
export function contractRows(texts: string[]): { label: string; choices: { text: string; label: string }[] }[] {
  const rows = new Map<number | null, { text: string; label: string }[]>();
  for (const text of texts) {
    const a = parseAction(text);
    if (a.kind !== 'contract') continue;
    const { tricks, word } = contractParts(a.arg!);
    rows.set(tricks, [...(rows.get(tricks) ?? []), { text, label: word }]);
  }
  const numbers = [...rows.keys()].filter((n): n is number => n !== null).sort((x, y) => x - y);
  const out = numbers.map((n) => ({ label: `${n}:`, choices: rows.get(n)! }));
  if (rows.has(null)) out.push({ label: 'Negative:', choices: rows.get(null)! });
  return out;
}
