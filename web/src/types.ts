// The server's messages (docs/protocol.md) and the view (docs/bot-protocol.md, "The view").
// Only what the server sends: the client never assumes a card it was not shown.

export type SeatSummary =
  // `free`: nobody holds the seat (not taken yet, or its player left: a bot plays it mid-game)
  | { kind: 'human'; name: string | null; free?: boolean; connected: boolean; bot_playing: boolean }
  | { kind: 'bot'; bot: string; name: string };

export interface Summary {
  id: string;
  name: string;
  variant: string;
  players: number;
  options: Record<string, string>;
  public: boolean;
  turn_seconds: number;
  state: 'waiting' | 'playing' | 'finished';
  seats: SeatSummary[];
  spectators: number;
  seq?: number;
  deal: number;
  deals: number | null;
  rematch: string | null;
}

// GET /api/tables: the first of the public tables in the lobby's order (free seats first, then
// games to watch), and how many match in all.
export interface TableList {
  tables: Summary[];
  total: number;
}

export interface DealResult {
  cards: number;
  dealer?: number;
  trump: string;
  bids: (number | null)[];
  tricks: number[];
  points: number[];
  thrown_in?: boolean;
  last_trick?: Play[]; // the deal's last trick in play order (empty when thrown in)
  last_trick_winner?: number | null; // who took it
  // Call-Ace, a deal played: its contract, who bid it, the card called and its holder (null alone)
  contract?: { index: number; name: string };
  declarer?: number | null;
  called?: string | null;
  partner?: number | null;
}

export interface MatchInfo {
  deal: number;
  deals?: number | null;
  dealer: number;
  names: string[];
  totals: number[];
  results: DealResult[];
  sheet: string;
  finished: boolean;
  winners: number[];
}

export interface Action {
  code: number;
  text: string;
}

export interface HistoryEntry extends Action {
  seat: number | null;
}

export interface Play {
  seat: number;
  card: string;
}

export interface Auction {
  high: Action | null;
  declarer: number | null;
  passes: number;
  min: number;
  round: number;
  chosen: number;
  thrown_in: boolean;
}

export interface Call {
  contract: { index: number; name: string } | null;
  called: string | null;
  passed: number[];
  turned: number;
  actor: number | null;
  discards: number;
  taken: boolean;
  kitty: string[];
  partner: number | null;
}

export interface Setup {
  players: number;
  cards: number;
  dealer: number;
  trump: string;
  turned: string | null;
  must_trump: boolean;
  hook: boolean;
  forced_bid: number | null;
  choose_mode: boolean;
  mode: string;
  blind_bidding: boolean;
  zero_play_open: number[];
  zero_announced: number[];
  family: 'exact-bid' | 'israeli' | 'call-ace';
  auction_min: number;
  auction_passes: number;
  pass_rounds: number;
  pass_cards: number;
  declarer_raise: boolean;
  kitty: string[];
  joker_any_time: boolean;
}

export type Phase =
  | 'choose-mode'
  | 'auction'
  | 'passing'
  | 'bidding'
  | 'trump'
  | 'turn'
  | 'call'
  | 'exchange'
  | 'discard'
  | 'playing'
  | 'done';

export interface View {
  seat: number;
  players: number;
  cards: number;
  dealer: number;
  phase: Phase;
  to_move: number | null;
  trump: string;
  turned: string | null;
  mode: string;
  own_hand: string[];
  visible: string[][];
  bids: (number | null)[];
  tricks: number[];
  plays: Play[];
  zero_announced: number[];
  legal: Action[];
  history: HistoryEntry[];
  auction?: Auction;
  passed?: string[][];
  received?: string[][];
  choosing?: string[];
  call?: Call;
  kitty_seen?: string[];
  partner?: number | null;
  setup?: Setup;
}

export interface Welcome {
  type: 'welcome';
  table: string;
  seat: number;
  role: 'player' | 'spectator';
}

export interface StateMessage {
  type: 'state';
  seq: number;
  table?: Summary;
  match?: MatchInfo | null;
  turn_left_ms?: number; // the player to move's turn timer, when one runs
  view: View | null;
}

export interface ErrorMessage {
  type: 'error';
  code: string;
  message: string;
  field?: string;
}

// GET /api/variants: the presets, their options with defaults and accepted values, the scorings.
export interface OptionInfo {
  name: string;
  default: string;
  description: string;
  accepts: string; // the accepted values as people read them ("on|off", "a number 0-52")
  values: string[] | null; // the same as a list, when it is one
  range: [number, number] | null; // a number's bounds
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

export interface Variants {
  presets: Preset[];
  scorings: Scoring[];
  // The levels of ismcts and expert a new table may seat, weakest first (absent: every level).
  bot_levels?: string[];
}

export type ServerMessage = Welcome | StateMessage | ErrorMessage | { type: 'pong' };

// The replay endpoint (GET /api/tables/{id}/replay): every frame is the public view after one
// action, with every seat's remaining cards (the game is over) and the action that led to it.
export interface ReplayFrame extends View {
  hands: string[][];
  action: { seat: number | null; text: string } | null;
}

export interface Replay {
  table: Summary;
  match: MatchInfo;
  deals: { deal: number; frames: ReplayFrame[] }[];
}
