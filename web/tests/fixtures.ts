import type { MatchInfo, Summary, View } from '../src/types';

export function view(over: Partial<View> = {}): View {
  return {
    seat: 0,
    players: 4,
    cards: 3,
    dealer: 1,
    phase: 'playing',
    to_move: 0,
    trump: 'D',
    turned: 'KD',
    mode: 'regular',
    own_hand: ['AC', '9D', 'QH'],
    visible: [[], [], [], []],
    bids: [1, 0, 1, 0],
    tricks: [0, 0, 0, 0],
    plays: [],
    zero_announced: [],
    legal: [],
    history: [],
    ...over,
  };
}

export function summary(over: Partial<Summary> = {}): Summary {
  return {
    id: 'abc',
    name: '',
    variant: 'romanian',
    players: 4,
    options: {},
    public: true,
    turn_seconds: 0,
    state: 'playing',
    seats: [
      { kind: 'human', name: 'Ana', connected: true, bot_playing: false },
      { kind: 'bot', bot: 'heuristic', name: 'heuristic' },
      { kind: 'human', name: 'Bo', connected: false, bot_playing: true },
      { kind: 'bot', bot: 'expert:normal', name: 'expert:normal' },
    ],
    spectators: 0,
    deal: 0,
    deals: 2,
    rematch: null,
    ...over,
  };
}

export function match(over: Partial<MatchInfo> = {}): MatchInfo {
  return {
    deal: 1,
    deals: 2,
    dealer: 2,
    names: ['Ana', 'heuristic', 'Bo', 'expert:normal'],
    totals: [-2, 5, 5.5, -1],
    results: [{ cards: 2, dealer: 1, trump: 'H', bids: [2, 0, 0, 1], tricks: [0, 0, 0, 2], points: [-2, 5, 5.5, -1] }],
    sheet: 'sheet',
    finished: false,
    winners: [],
    ...over,
  };
}
