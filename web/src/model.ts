// The table as the client knows it: the latest summary, score and view, merged from `state`
// messages, and what the screen derives from them. No DOM here (unit-tested).
import { actionAriaLabel, parseAction } from './actions';
import { cardName, cardShort, sortHand, suitName, suitOf } from './cards';
import type { DealResult, MatchInfo, Play, SeatSummary, StateMessage, Summary, View } from './types';

export interface Snapshot {
  seq: number;
  table: Summary | null;
  match: MatchInfo | null;
  view: View | null;
  // When the turn timer of the player to move runs out, by this client's clock (ms), or null
  // when no timer runs. The server says how long is left as it sends the state, so a state shown
  // late (others' moves are paced) or after a reload counts from the server's start of the turn.
  deadline: number | null;
}

export const EMPTY: Snapshot = { seq: 0, table: null, match: null, view: null, deadline: null };

// A state carries `table` and `match` only when they changed: keep the latest of each. The
// time left on a turn is each state's own: a state without it has no timer running.
export function applyState(prev: Snapshot, msg: StateMessage, now: number = Date.now()): Snapshot {
  return {
    seq: msg.seq,
    table: msg.table ?? prev.table,
    match: 'match' in msg ? (msg.match ?? null) : prev.match,
    view: msg.view ?? null,
    deadline: msg.turn_left_ms === undefined ? null : now + msg.turn_left_ms,
  };
}

// "(8 s left)" while the player to move is on a timer, else "".
// Where the deal stands, as far as whose turn it is: the deal, the actions and cards so far.
export function turnKey(s: Snapshot): string {
  const v = s.view;
  if (!v) return '';
  return `${s.match?.deal ?? 0}:${v.phase}:${v.to_move}:${v.history.length}:${v.plays.length}:${v.choosing?.length ?? 0}`;
}

// Whether a move not sent at the turn `unsentAt` (a turnKey) is still to be played in `now`: the
// turn where it was and still the viewer's, not moved on (a bot may have made it meanwhile).
export function stillToPlay(unsentAt: string, now: Snapshot): boolean {
  return turnKey(now) === unsentAt && (now.view?.legal.length ?? 0) > 0;
}

export function timeLeftText(snap: Snapshot, now: number): string {
  if (snap.deadline === null) return '';
  return ` (${Math.max(0, Math.ceil((snap.deadline - now) / 1000))} s left)`;
}

export interface Trick {
  index: number; // 0-based trick number within the deal
  plays: Play[];
  complete: boolean;
  winner: number | null; // known once the next trick's leader is (or the view says who leads)
}

// The trick on the table: the one being played, or the one just completed until the next lead.
export function currentTrick(view: View | null): Trick | null {
  if (!view || view.plays.length === 0) return null;
  const n = view.players;
  const k = view.plays.length;
  if (k % n === 0) {
    const winner = view.phase === 'playing' && view.to_move !== null ? view.to_move : null;
    return { index: k / n - 1, plays: view.plays.slice(k - n), complete: true, winner };
  }
  const start = k - (k % n);
  return { index: start / n, plays: view.plays.slice(start), complete: false, winner: null };
}

// The seat whose trick count rose from view `a` to view `b` (who won the trick just completed),
// for when the view does not say who leads next (the deal's last trick).
export function trickWinner(a: View | null, b: View | null): number | null {
  if (!a || !b || a.tricks.length !== b.tricks.length) return null;
  const k = b.tricks.findIndex((t, i) => t === (a.tricks[i] ?? 0) + 1);
  return k >= 0 ? k : null;
}

// The last completed trick before the one currentTrick shows.
export function lastTrick(view: View | null): Trick | null {
  if (!view) return null;
  const n = view.players;
  const k = view.plays.length;
  const shownStart = k === 0 ? 0 : k % n === 0 ? k - n : k - (k % n);
  if (shownStart < n) return null;
  const start = shownStart - n;
  return {
    index: start / n,
    plays: view.plays.slice(start, shownStart),
    complete: true,
    winner: view.plays[shownStart].seat,
  };
}

// The last trick of the deal before the one being played (the live view moves straight on to the
// next deal, so the score has it: match.results[].last_trick and last_trick_winner).
export interface DealTrick extends Trick {
  deal: number; // 1-based
}

export function previousDealTrick(match: MatchInfo | null): DealTrick | null {
  const results = match?.results ?? [];
  const r = results[results.length - 1];
  if (!r || !r.last_trick || r.last_trick.length === 0) return null;
  return {
    deal: results.length,
    index: Math.max(0, r.cards - 1),
    plays: r.last_trick,
    complete: true,
    winner: r.last_trick_winner ?? null,
  };
}

// Tricks a seat still needs for its bid: positive needs more, 0 exact, negative over.
export function tricksNeeded(view: View | null, seat: number): number | null {
  if (!view) return null;
  const bid = view.bids[seat];
  if (bid === null || bid === undefined) return null;
  return bid - (view.tricks[seat] ?? 0);
}

export function needsText(needed: number | null): string {
  if (needed === null) return '';
  if (needed > 0) return `needs ${needed}`;
  if (needed === 0) return 'exact';
  return `${-needed} over`;
}

export interface SeatInfo {
  seat: number;
  name: string;
  kind: 'human' | 'bot';
  bot: string | null;
  empty: boolean; // a human seat nobody has taken yet
  free: boolean; // a human seat nobody holds: not taken yet, or its player left
  connected: boolean;
  botPlaying: boolean;
  me: boolean;
  dealer: boolean;
  toMove: boolean;
  bid: number | null;
  tricks: number | null;
  needed: number | null;
  total: number | null;
  visible: string[];
  winner: boolean;
}

function rawName(snap: Snapshot, seat: number): string | null {
  const s = snap.table?.seats[seat];
  if (s) {
    if (s.kind === 'bot') return s.name || s.bot;
    if (s.name) return s.name;
  }
  return snap.match?.names[seat] || null;
}

// A human seat that nobody holds and may be taken (before the game, or mid-game after its player
// left). A server without the `free` flag: a seat without a name.
export function seatIsFree(s: SeatSummary): boolean {
  return s.kind === 'human' && (s.free ?? !s.name);
}

// The seats a visitor may take: every free human seat of a table that is not finished.
export function freeSeats(t: Summary | null): number[] {
  if (!t || t.state === 'finished') return [];
  const out: number[] = [];
  t.seats.forEach((s, k) => {
    if (seatIsFree(s)) out.push(k);
  });
  return out;
}

// Controls and the characters that show nothing (src/core/text.h, is_invisible_character), and
// runs of blank characters (White_Space, U+2800), as the server's score sheet reads names.
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u{13430}-\u{1343f}\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e0fff}]/gu;
const BLANKS = /[\s\u0085\u2800]+/gu;

// A name as a reader sees it: the server refuses new names that differ from another by such
// characters alone, but guests made before it did may be "Ana" and "Ana" + U+200B.
export function lookAlikeKey(name: string): string {
  return name.replace(INVISIBLE, '').replace(BLANKS, ' ').trim();
}

// A seat's name; two seats with one name (three "heuristic" bots), or names that read alike, are
// told apart by seat number.
export function seatName(snap: Snapshot, seat: number): string {
  const name = rawName(snap, seat);
  if (!name) return `Seat ${seat + 1}`;
  const players = snap.table?.players ?? snap.match?.names.length ?? 0;
  const key = lookAlikeKey(name);
  for (let k = 0; k < players; ++k) {
    const other = rawName(snap, k);
    if (k !== seat && other !== null && lookAlikeKey(other) === key) return `${name} #${seat + 1}`;
  }
  return name;
}

// Who took an action of the deal's history. Only Call-Ace hides a taker (seat null): a Half
// contract's choices (trump, the kitty) are public but whose they are is not, until the called
// card is played. To the declarer, who was not asked, they are the partner's; to the others they
// may be the declarer's, playing alone (docs/rules.md 11.7).
export function actorName(snap: Snapshot, seat: number | null): string {
  return seat === null ? hiddenChooser(snap) : seatName(snap, seat);
}

function hiddenChooser(snap: Snapshot): string {
  const v = snap.view;
  return v && v.seat >= 0 && v.auction?.declarer === v.seat ? 'the partner' : 'the partner or the declarer';
}

export function seatInfos(snap: Snapshot, mySeat: number): SeatInfo[] {
  const players = snap.table?.players ?? snap.view?.players ?? snap.match?.names.length ?? 0;
  const view = snap.view;
  // After the game, the last deal's dealer (regression: the next dealer, of a deal never dealt).
  const m = snap.match;
  const dealer = view ? view.dealer : m?.finished ? (m.results[m.results.length - 1]?.dealer ?? -1) : (m?.dealer ?? -1);
  const out: SeatInfo[] = [];
  for (let k = 0; k < players; ++k) {
    const s = snap.table?.seats[k];
    const human = !s || s.kind === 'human';
    out.push({
      seat: k,
      name: seatName(snap, k),
      kind: human ? 'human' : 'bot',
      bot: s && s.kind === 'bot' ? s.bot : null,
      empty: !!s && s.kind === 'human' && !s.name,
      free: !!s && seatIsFree(s),
      connected: s ? (s.kind === 'bot' ? true : s.connected) : true,
      botPlaying: !!s && s.kind === 'human' && s.bot_playing,
      me: k === mySeat,
      dealer: k === dealer,
      toMove: !!view && view.phase !== 'done' && view.to_move === k,
      bid: view ? (view.bids[k] ?? null) : null,
      tricks: view ? (view.tricks[k] ?? 0) : null,
      needed: tricksNeeded(view, k),
      total: snap.match ? (snap.match.totals[k] ?? null) : null,
      visible: view?.visible[k] ?? [],
      winner: !!snap.match?.finished && snap.match.winners.includes(k),
    });
  }
  return out;
}

// Seats in playing order starting with `first` (oneself, or seat 0 for a spectator).
export function seatOrder(players: number, first: number): number[] {
  const start = first >= 0 && first < players ? first : 0;
  return Array.from({ length: players }, (_, i) => (start + i) % players);
}

const PHASE_PROMPTS: Record<string, string> = {
  'choose-mode': 'Choose how this one-card deal is played',
  auction: 'Auction: bid for trump, or pass',
  passing: 'Choose cards to pass to the next player',
  bidding: 'Bid: how many tricks will you take?',
  trump: 'Choose trump',
  turn: 'Accept the turned card, or turn the next',
  call: 'Call a card: its holder is your secret partner',
  exchange: 'Take the kitty, or keep your hand',
  discard: 'Discard cards to the kitty',
  playing: 'Play a card',
};

// Who won, as a sentence: "Ana wins.", "Ana, Bo and Cy win."
export function winnersText(winners: string[]): string {
  return winners.length === 0 ? 'No one wins.' : `${listText(winners)} win${winners.length === 1 ? 's' : ''}.`;
}

// The line that says whose turn it is.
export function turnText(snap: Snapshot, mySeat: number): string {
  const t = snap.table;
  if (t?.state === 'waiting') {
    const free = t.seats.filter(seatIsFree).length;
    return `Waiting for ${free} more player${free === 1 ? '' : 's'}`;
  }
  if (snap.match?.finished || t?.state === 'finished') return 'Game over';
  const v = snap.view;
  if (!v) return 'Dealing…';
  if (v.phase === 'done') return 'The deal is over';
  if (v.legal.length > 0) {
    let prompt = `Your turn: ${PHASE_PROMPTS[v.phase] ?? v.phase}`;
    // Call-Ace's auction is of contracts, not of trump (regression: "bid for trump")
    if (v.phase === 'auction' && v.setup?.family === 'call-ace') prompt = 'Your turn: Auction: name a contract, or pass';
    if (v.phase === 'passing' && v.setup) {
      const chosen = v.choosing?.length ?? 0;
      prompt = `Your turn: choose ${v.setup.pass_cards} cards to pass to ${seatName(snap, (v.seat + 1) % v.players)}${chosen ? ` (${chosen} chosen)` : ''}`;
    }
    // how many in all (regression: only how many were done): the cards beyond a full hand
    if (v.phase === 'discard' && v.call) prompt = `Your turn: Discard ${discardsInAll(v)} cards to the kitty (${v.call.discards} done)`;
    // one's own card called means playing alone (rules §11.3), not a secret partner
    if (v.phase === 'call' && v.legal.some((a) => ownCall(a.text, v.own_hand))) prompt += ' (or one of your own: you play alone)';
    return prompt;
  }
  if (v.to_move === null) return v.seat >= 0 && v.auction?.declarer === v.seat ? 'Waiting for the secret partner' : 'Waiting for the partner or the declarer (secret)';
  if (v.to_move === mySeat) return 'Your turn';
  const what = PHASE_PROMPTS[v.phase] ? phaseVerb(v.phase) : v.phase;
  return `Waiting for ${seatName(snap, v.to_move)} to ${what}`;
}

// Call-Ace's discards: the cards taken from the kitty go back, as many as the hand holds beyond the
// deal's cards (3), the ones done included.
export function discardsInAll(v: View): number {
  return (v.call?.discards ?? 0) + Math.max(0, v.own_hand.length - v.cards);
}

// Whether `text` calls a card of `hand`: its caller then plays alone.
export function ownCall(text: string, hand: readonly string[]): boolean {
  const a = parseAction(text);
  return a.kind === 'call' && !!a.card && hand.includes(a.card);
}

// A Call-Ace deal's contract, as its summary says it: "11 by Ana, calling A♦: partner Bo".
export function contractText(r: DealResult, names: string[]): string | null {
  if (!r.contract) return null;
  const who = (k: number | null | undefined) => (k == null ? null : (names[k] ?? `Seat ${k + 1}`));
  const declarer = who(r.declarer);
  let text = declarer ? `${r.contract.name} by ${declarer}` : r.contract.name;
  if (r.called) text += `, calling ${cardShort(r.called)}: ${r.partner == null || r.partner === r.declarer ? 'alone' : `partner ${who(r.partner)}`}`;
  return text;
}

// A seat's side in a Call-Ace deal: declarer, partner, or null (a defender, or another game).
export function dealRole(r: DealResult, seat: number): 'declarer' | 'partner' | null {
  if (!r.contract) return null;
  if (r.declarer === seat) return 'declarer';
  if (r.partner === seat && r.partner !== r.declarer) return 'partner';
  return null;
}

function phaseVerb(phase: string): string {
  switch (phase) {
    case 'choose-mode':
      return 'choose the mode';
    case 'auction':
      return 'bid in the auction';
    case 'passing':
      return 'pass cards';
    case 'bidding':
      return 'bid';
    case 'trump':
      return 'choose trump';
    case 'turn':
      return 'turn the kitty';
    case 'call':
      return 'call a card';
    case 'exchange':
      return 'decide on the kitty';
    case 'discard':
      return 'discard';
    default:
      return 'play';
  }
}

// Who acted between two views of the same deal (the seat of the newest play or public action),
// or null when it cannot be told (a new deal, a join, a reconnect).
export function actorBetween(a: View | null, b: View | null): number | null {
  if (!a || !b) return null;
  if (b.dealer !== a.dealer || b.cards !== a.cards) return null;
  if (b.plays.length === a.plays.length + 1) return b.plays[b.plays.length - 1].seat;
  if (b.history.length === a.history.length + 1) return b.history[b.history.length - 1].seat;
  return null;
}

export interface PaceOptions {
  step: number; // after another seat's action
  trick: number; // after a completed trick, before the next lead shows
}

export const DEFAULT_PACE: PaceOptions = { step: 450, trick: 1100 };

// The speeds a player may choose for others' moves.
export const PACES: Record<string, PaceOptions> = {
  normal: DEFAULT_PACE,
  fast: { step: 180, trick: 500 },
  instant: { step: 0, trick: 0 },
};

// How long the screen holds view `a` before showing `b`: others' moves are shown one at a time
// (bots move at once), a completed trick stays a moment; one's own moves show at once.
export function paceDelay(a: View | null, b: View | null, mySeat: number, pace = DEFAULT_PACE): number {
  // the deal ended (or the game): its last trick as far as it was seen stays a moment
  if (a && a.plays.length > 0 && (!b || b.dealer !== a.dealer || b.cards !== a.cards || b.plays.length < a.plays.length))
    return pace.trick;
  const actor = actorBetween(a, b);
  if (actor === null || actor === mySeat) return 0;
  const n = a!.players;
  const k = a!.plays.length;
  if (k > 0 && k % n === 0 && b!.plays.length > k) return pace.trick;
  return pace.step;
}

// The running total of each seat after each deal, from the deals' points: series[seat][deal].
export function runningTotals(match: MatchInfo | null, players: number): number[][] {
  const series: number[][] = Array.from({ length: players }, () => [0]);
  if (!match) return series;
  for (const r of match.results) {
    for (let k = 0; k < players; ++k) {
      const prev = series[k][series[k].length - 1];
      series[k].push(prev + (r.points[k] ?? 0));
    }
  }
  return series;
}

export function formatPoints(p: number | null | undefined): string {
  if (p === null || p === undefined) return '';
  return Number.isInteger(p) ? String(p) : p.toFixed(1);
}

// How the events of `snap` name a seat ("You" for `mySeat`), and the trick won by one, said into `out`.
function speakers(snap: Snapshot, mySeat: number, out: string[]) {
  const who = (seat: number | null) => (seat !== null && seat === mySeat ? 'You' : actorName(snap, seat));
  const won = (seat: number | null) => seat !== null && out.push(`${who(seat)} won the trick`);
  return { who, won };
}

// What a screen reader is told as the screen moves from `a` to `b` (one state, or several shown at
// once): each card played, who won a trick, the deal's public actions (bids, the auction, calls),
// the cards the view shows anew (dealEvents), the deal's result, the next deal and what it is
// (dealt cards, trump, dealer) and, at the end, who won. `mySeat`'s own moves are "You …".
export function spokenEvents(a: Snapshot, b: Snapshot, mySeat: number): string[] {
  const out: string[] = [];
  const { who, won } = speakers(b, mySeat, out);
  const va = a.view;
  const vb = b.view;
  const sameDeal = !!va && !!vb && va.dealer === vb.dealer && va.cards === vb.cards && vb.plays.length >= va.plays.length && vb.history.length >= va.history.length;
  if (sameDeal) dealEvents(b, va, vb!, mySeat, out);
  const scored = b.match?.results ?? [];
  if (b.match && scored.length > (a.match?.results.length ?? 0)) {
    // The newest deal's result only: several come at once after a reconnection, when the deals
    // before it are history (the score sheet has them), not news.
    const r = scored[scored.length - 1];
    // the live view moves on to the next deal at once: the deal's last cards come from the score,
    // when the view left behind was that deal's (the same dealer and cards: not an earlier deal's)
    const last = r.last_trick ?? [];
    if (va && !sameDeal && last.length > 0 && va.dealer === r.dealer && va.cards === r.cards) {
      const n = va.players;
      const shown = va.plays.length >= r.cards * n ? n : va.plays.length % n;
      for (const p of last.slice(shown)) out.push(`${who(p.seat)} played ${cardName(p.card)}`);
      if (shown < n) won(r.last_trick_winner ?? null);
    }
    const seats = r.points.map((pts, k) => `${who(k)} ${bidAndWon(r, k)}: ${formatPoints(pts)} points`);
    // the deal's number as the new deal's below: the deals finished (match.deal, docs/protocol.md)
    out.push(`Deal ${b.match.deal} scored${r.thrown_in ? ' (thrown in)' : ''}. ${seats.join('; ')}`);
  }
  // A deal begun since `a`: what it is, then all it holds so far (regression: nothing was said of a
  // new deal, its cards, trump and dealer but on the screen)
  if (vb && !sameDeal) {
    out.push(dealText(b, vb, mySeat));
    dealEvents(b, null, vb, mySeat, out);
  }
  if (b.match?.finished && !a.match?.finished) {
    out.push(`Game over. ${winnersText(b.match.winners.map((k) => seatName(b, k)))}`);
  }
  return out;
}

// "Deal 3: 5 cards, trump hearts (turned queen of hearts), dealer Bo": what the view says of a deal
// as it begins.
export function dealText(snap: Snapshot, v: View, mySeat: number): string {
  const total = snap.match?.deals ?? snap.table?.deals;
  const n = snap.match ? Math.min(snap.match.deal + 1, total ?? Infinity) : null;
  const trump = trumpUndecided(v) ? 'trump not chosen yet' : v.trump === 'none' ? 'no trump' : `trump ${suitName(v.trump)}`;
  const turned = v.turned ? ` (turned ${cardName(v.turned)})` : '';
  const mode = v.mode && v.mode !== 'regular' && v.phase !== 'choose-mode' ? `, ${v.mode} mode` : '';
  const dealer = v.dealer === mySeat ? 'you' : seatName(snap, v.dealer);
  return `${n === null ? 'New deal' : `Deal ${n}`}: ${v.cards} card${v.cards === 1 ? '' : 's'}, ${trump}${turned}, dealer ${dealer}${mode}`;
}

// Whether the trump of `v` is yet to be settled (an auction, a choice, a call): its "none" is not
// "no trump" then.
export function trumpUndecided(v: View): boolean {
  return v.trump === 'none' && ['choose-mode', 'auction', 'passing', 'trump', 'turn', 'call'].includes(v.phase);
}

// What happened in one deal from view `a` (null: the deal's start) to `b`: the public actions, the
// cards played and the tricks won, and the cards the view shows anew, each once (regression: the
// cards received in an Israeli passing round, which is not in the history, kitty cards turned up
// or taken, and a Table contract's hand shown came onto the screen unsaid).
function dealEvents(snap: Snapshot, a: View | null, b: View, mySeat: number, out: string[]): void {
  const { who, won } = speakers(snap, mySeat, out);
  for (const e of b.history.slice(a?.history.length ?? 0)) out.push(`${who(e.seat)}: ${actionAriaLabel(e.text)}`);
  const n = b.players;
  for (let k = a?.plays.length ?? 0; k < b.plays.length; ++k) {
    const p = b.plays[k];
    out.push(`${who(p.seat)} played ${cardName(p.card)}`);
    if ((k + 1) % n !== 0) continue;
    // who leads the next trick won this one (the view says so once the next lead is due)
    if (k + 1 < b.plays.length) won(b.plays[k + 1].seat);
    else won(b.phase === 'playing' ? b.to_move : trickWinner(a, b));
  }
  // another seat's view (a seat taken mid-deal): what it shows is not news
  if (a && a.seat !== b.seat) return;
  const received = b.received ?? [];
  for (let k = a?.received?.length ?? 0; k < received.length; ++k) out.push(`Passing round ${k + 1}: you received ${cardsText(received[k])}`);
  const seen = new Set(a?.kitty_seen ?? []);
  const kitty = (b.kitty_seen ?? []).filter((c) => !seen.has(c));
  if (kitty.length > 0) {
    // turned up for all to see (a Turn contract), else the kitty its taker sees
    const turned = (b.call?.turned ?? 0) > (a?.call?.turned ?? 0) && !(b.call?.taken && !a?.call?.taken);
    out.push(turned ? `Turned up from the kitty: ${cardsText(kitty)}` : `${seen.size > 0 ? 'The rest of the kitty' : 'The kitty'}: ${cardsText(kitty)}`);
  }
  if (a && b.turned && b.turned !== a.turned) out.push(`Turned: ${cardName(b.turned)}`);
  b.visible.forEach((cards, k) => {
    const before = new Set(a?.visible[k] ?? []);
    const shown = cards.filter((c) => !before.has(c));
    if (shown.length > 0) out.push(`${seatName(snap, k)}'s ${shown.length === 1 ? 'card' : 'hand'} shown: ${cardsText(shown)}`);
  });
}

// Cards as they are said: "queen of hearts and two of clubs"; more than three by suit, "spades ace,
// ten, two; hearts queen; joker 1".
function cardsText(cards: string[]): string {
  const sorted = sortHand(cards);
  if (sorted.length <= 3) return listText(sorted.map(cardName));
  const groups: string[] = [];
  let suit = '';
  for (const c of sorted) {
    const s = suitOf(c);
    if (s === 'X') groups.push(cardName(c));
    else if (s === suit) groups[groups.length - 1] += `, ${cardName(c).split(' of ')[0]}`;
    else groups.push(`${suitName(s)} ${cardName(c).split(' of ')[0]}`);
    suit = s;
  }
  return groups.join('; ');
}

function listText(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

// A seat's bid and tricks in a deal's result: "bid 2, won 0", or "won 0" in a deal without bids.
function bidAndWon(r: DealResult, seat: number): string {
  const bid = r.bids[seat];
  const role = dealRole(r, seat);
  return `${role ? `${role}, ` : ''}${bid == null || bid < 0 ? '' : `bid ${bid}, `}won ${r.tricks[seat] ?? 0}`;
}

// The turn timer's spoken warning: due once, as the time left falls to 10 s or under (a turn that
// starts with less, a short timer, has its turn announcement only).
const TIMER_WARNING_MS = 10_000;

export function timerWarningDue(leftBefore: number | null, leftNow: number): boolean {
  return leftBefore !== null && leftBefore > TIMER_WARNING_MS && leftNow > 0 && leftNow <= TIMER_WARNING_MS;
}

// The score sheet as a table for screen readers (the screen shows the server's text layout, which
// is read as a jumble of characters): a row per deal, a column per player.
export interface SheetTable {
  head: string[];
  rows: string[][];
  totals: string[];
}

export function sheetTable(match: MatchInfo, names: string[]): SheetTable {
  const head = ['Deal', 'Cards', 'Trump', ...names];
  const rows = match.results.map((r, d) => [
    String(d + 1),
    String(r.cards),
    `${suitName(r.trump)}${r.contract ? `, contract ${contractText(r, names)}` : ''}${r.thrown_in ? ', thrown in' : ''}`,
    ...names.map((_, k) => `${formatPoints(r.points[k])} (${bidAndWon(r, k)})`),
  ]);
  const totals = ['Total', '', '', ...names.map((_, k) => `${formatPoints(match.totals[k])}${match.finished && match.winners.includes(k) ? ', winner' : ''}`)];
  return { head, rows, totals };
}
