// Cards as the server writes them: rank (A K Q J T 9 … 2) then suit (S H D C); jokers X1…X3.

export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type SuitLetter = (typeof SUITS)[number];

const RANK_NAMES: Record<string, string> = {
  A: 'ace',
  K: 'king',
  Q: 'queen',
  J: 'jack',
  T: 'ten',
  '9': 'nine',
  '8': 'eight',
  '7': 'seven',
  '6': 'six',
  '5': 'five',
  '4': 'four',
  '3': 'three',
  '2': 'two',
};

const RANK_SHORT: Record<string, string> = { T: '10' };

const SUIT_NAMES: Record<string, string> = {
  S: 'spades',
  H: 'hearts',
  D: 'diamonds',
  C: 'clubs',
  NT: 'no trump',
  none: 'no trump',
};

const SUIT_SYMBOLS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

const RANK_ORDER = 'AKQJT98765432';

export function isJoker(card: string): boolean {
  return card.startsWith('X');
}

export function rankOf(card: string): string {
  return card.slice(0, -1);
}

export function suitOf(card: string): string {
  return isJoker(card) ? 'X' : card.slice(-1);
}

export function suitName(suit: string): string {
  return SUIT_NAMES[suit] ?? suit;
}

export function suitSymbol(suit: string): string {
  return SUIT_SYMBOLS[suit] ?? (suit === 'none' || suit === 'NT' ? 'NT' : suit);
}

export function isRed(card: string): boolean {
  const s = suitOf(card);
  return s === 'H' || s === 'D';
}

// "queen of hearts", "ten of diamonds", "joker 2".
export function cardName(card: string): string {
  if (isJoker(card)) return `joker ${card.slice(1)}`;
  const rank = RANK_NAMES[rankOf(card)];
  const suit = SUIT_NAMES[suitOf(card)];
  if (!rank || !suit) return card;
  return `${rank} of ${suit}`;
}

// "Q♥", "10♦", "★1".
export function cardShort(card: string): string {
  if (isJoker(card)) return `★${card.slice(1)}`;
  const r = rankOf(card);
  return `${RANK_SHORT[r] ?? r}${suitSymbol(suitOf(card))}`;
}

// A card as the server reads it in an action ("play TH").
export function isCard(text: string): boolean {
  return /^(X[1-3]|[AKQJT98765432][SHDC])$/.test(text);
}

// Cards grouped by suit in the order S H D C (jokers first), each suit from the ace down.
export function sortHand(cards: string[], trump?: string): string[] {
  const suitIndex = (c: string) => {
    const s = suitOf(c);
    if (s === 'X') return -2;
    if (trump && s === trump) return -1;
    return SUITS.indexOf(s as SuitLetter);
  };
  return [...cards].sort((a, b) => {
    const d = suitIndex(a) - suitIndex(b);
    if (d !== 0) return d;
    if (isJoker(a)) return a.localeCompare(b);
    return RANK_ORDER.indexOf(rankOf(a)) - RANK_ORDER.indexOf(rankOf(b));
  });
}

// "must follow suit C" -> "must follow suit ♣ clubs": the server's reason, with suit letters named.
export function explainReason(message: string): string {
  return message.replace(/\b(suit|trump|in) ([SHDC])\b/g, (_m, word: string, s: string) => {
    return `${word} ${suitSymbol(s)} ${suitName(s)}`;
  });
}
