import type { MatchInfo, Summary, Variants, View } from '../src/types';

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

// Part of what GET /api/variants answers (whist serve, two presets, a few options each).
export function variants(): Variants {
  const scorings = ['basic', 'romanian', 'triangular'];
  return {
    presets: [
      {
        name: 'romanian',
        description: 'Romanian whist (seed 001): 8 cards a player, 1-8-1, turned trump, must trump, 5 + bid',
        players: { default: 4, min: 3, max: 6 },
        options: [
          { name: 'scoring', default: 'romanian', description: 'the scoring system', accepts: 'see `whist variants`', values: scorings, range: null },
          { name: 'hook', default: 'on', description: 'the dealer may not bid so that the bids sum to the cards dealt', accepts: 'on|off', values: ['on', 'off'], range: null },
          { name: 'schedule', default: '1-8-1', description: 'the hand sizes deal by deal (8 stands for the largest hand)', accepts: '1-8-1|8-1-8|each-dealer|down-up|list such as 5,3,1', values: null, range: null },
          { name: 'max_cards', default: '0', description: 'the largest hand; 0 = as many as the deck allows', accepts: 'a number 0-52', values: null, range: [0, 52] },
          { name: 'trump_order', default: 'S,D,H,C,none', description: 'the trump rotation, from the first deal', accepts: 'list of S H D C none', values: null, range: null },
        ],
      },
      {
        name: 'call-ace',
        description: 'Call-Ace whist (seed 004)',
        players: { default: 4, min: 4, max: 4 },
        options: [{ name: 'deals', default: '16', description: 'the number of deals', accepts: 'a number 0-1000', values: null, range: [0, 1000] }],
      },
    ],
    scorings: scorings.map((name) => ({ name, description: `${name} scoring` })),
  };
}
