// The pieces of the table screen, shared by the live table and the replay.
import { actionAriaLabel, actionLabel, parseAction } from './actions';
import { cardName, cardShort, isRed, suitName, suitSymbol } from './cards';
import { seriesKey, totalsChart, SERIES_COLORS } from './chart';
import { h } from './dom';
import {
  actorName,
  contractText,
  currentTrick,
  dealRole,
  formatPoints,
  lastTrick,
  needsText,
  previousDealTrick,
  seatName,
  sheetTable,
  type DealTrick,
  type SeatInfo,
  type Snapshot,
  trickWinner,
  trumpUndecided,
  type Trick,
} from './model';
import type { MatchInfo, View } from './types';
import { presetTitle } from './variants';

export interface CardOptions {
  legal?: boolean; // highlighted as playable
  neutral?: boolean; // no card is chosen now (bidding): pressed, the server says why not
  chosen?: boolean;
  toggle?: boolean; // chosen and unchosen (passing): a toggle button, pressed or not
  onClick?: () => void;
  small?: boolean;
}

// A card: a <button> when it can be clicked, with its name for screen readers.
export function cardEl(card: string, o: CardOptions = {}): HTMLElement {
  const cls = [
    'card',
    isRed(card) && 'red',
    card.startsWith('X') && 'joker',
    o.legal && 'legal',
    o.onClick && !o.legal && !o.neutral && 'illegal',
    o.chosen && 'chosen',
    o.small && 'small',
  ];
  const face = [h('span', { class: 'rank', 'aria-hidden': 'true' }, cardShort(card))];
  if (!o.onClick) {
    return h('span', { class: cls, role: 'img', 'aria-label': cardName(card), 'data-card': card }, face);
  }
  return h(
    'button',
    {
      type: 'button',
      class: cls,
      'aria-label': cardName(card),
      // a card that may not be chosen now can still be pressed, to hear why (an illegal card) or
      // what to do instead (bidding), but reads as unavailable
      'aria-disabled': o.legal ? null : 'true',
      'aria-pressed': o.toggle || o.chosen ? String(!!o.chosen) : null,
      'data-card': card,
      'data-key': `card:${card}`,
      on: { click: o.onClick },
    },
    face,
  );
}

// The page's <h1>: it takes the focus on arriving at the page (main.ts), and keeps it as the page
// loads (data-key).
export function pageTitle(text: string): HTMLElement {
  return h('h1', { tabindex: '-1', 'data-key': 'page-title' }, text);
}

export function cardRow(cards: string[], small = true): HTMLElement {
  return h('span', { class: 'card-row' }, cards.map((c) => cardEl(c, { small })));
}

// Text shown with symbols ("Q♠", "4 ♥") and said by name ("queen of spades"): screen readers read
// the symbols as "black spade suit".
function said(shown: string, spoken: string): Node[] {
  if (shown === spoken) return [document.createTextNode(shown)];
  return [h('span', { 'aria-hidden': 'true' }, shown), h('span', { class: 'visually-hidden' }, spoken)];
}

// The trump, its symbol hidden from screen readers (the suit's name follows it).
export function trumpNodes(trump: string): Node[] {
  if (trump === 'none' || trump === 'NT') return [document.createTextNode('no trump')];
  return [h('span', { 'aria-hidden': 'true' }, `${suitSymbol(trump)} `), document.createTextNode(suitName(trump))];
}

// The line at the top: the game, the deal, the trump, the dealer, the contract.
export function infoBar(snap: Snapshot): HTMLElement {
  const t = snap.table;
  const v = snap.view;
  const m = snap.match;
  const items: (HTMLElement | null)[] = [];
  const item = (label: string, ...value: (Node | string)[]) =>
    h('span', { class: 'info-item' }, h('span', { class: 'info-label' }, label), ' ', ...value);
  if (t) items.push(item('Game', presetTitle(t.variant), t.name ? ` · ${t.name}` : ''));
  if (m && t?.state !== 'waiting') {
    const total = m.deals ?? t?.deals;
    const n = Math.min(m.deal + 1, total ?? Infinity);
    items.push(item('Deal', `${m.finished ? m.results.length : n}${total ? ` of ${total}` : ''}`));
  }
  if (t && t.turn_seconds > 0) items.push(item('Turn timer', `${t.turn_seconds} s`));
  if (v) {
    items.push(item('Cards', String(v.cards)));
    // before an auction, a call or a choice settles it, "none" means not known yet
    const trump = h('span', { class: ['trump', (v.trump === 'H' || v.trump === 'D') && 'red'], 'data-testid': 'trump' }, trumpUndecided(v) ? 'not chosen yet' : trumpNodes(v.trump));
    items.push(item('Trump', trump, v.turned ? h('span', { class: 'turned' }, ' turned ', cardEl(v.turned, { small: true })) : ''));
    items.push(item('Dealer', seatName(snap, v.dealer)));
    if (v.mode && v.mode !== 'regular') items.push(item('Mode', v.mode));
    if (v.setup?.family === 'israeli' && v.auction) {
      const a = v.auction;
      if (a.declarer !== null && a.high)
        items.push(item(v.phase === 'auction' ? 'High bid' : 'Declarer', `${seatName(snap, a.declarer)} (`, ...said(actionLabel(a.high.text), actionAriaLabel(a.high.text)), ')'));
      else if (a.round > 0) items.push(item('Passing round', String(a.round)));
    }
    if (v.setup?.family === 'call-ace' && v.call) {
      const c = v.call;
      if (c.contract) items.push(item('Contract', c.contract.name));
      if (c.called) items.push(item('Called', cardEl(c.called, { small: true })));
      if (v.partner !== null && v.partner !== undefined) items.push(item('Partner', seatName(snap, v.partner)));
    }
  }
  return h('div', { class: 'info-bar', 'data-testid': 'info' }, items);
}

function badge(text: string, cls: string): HTMLElement {
  return h('span', { class: ['badge', cls] }, text);
}

export function seatPanel(info: SeatInfo, extra?: Node | null): HTMLElement {
  const badges: HTMLElement[] = [];
  if (info.me) badges.push(badge('you', 'me'));
  if (info.dealer) badges.push(badge('dealer', 'dealer'));
  if (info.kind === 'bot') badges.push(badge(`bot ${info.bot ?? ''}`.trim(), 'bot'));
  else if (info.empty) badges.push(badge('empty seat', 'empty'));
  else {
    if (info.free) badges.push(badge('left: seat free', 'empty'));
    if (info.botPlaying) badges.push(badge('bot playing', 'bot'));
    else if (!info.connected) badges.push(badge('disconnected', 'away'));
  }
  if (info.winner) badges.push(badge('winner', 'winner'));
  const stats: Node[] = [];
  if (info.bid !== null) stats.push(h('span', { class: 'stat' }, `bid ${info.bid}`));
  if (info.tricks !== null) stats.push(h('span', { class: 'stat' }, `won ${info.tricks}`));
  const needs = needsText(info.needed);
  if (needs) stats.push(h('span', { class: ['stat', 'needs', info.needed! < 0 && 'over', info.needed === 0 && 'exact'] }, needs));
  if (info.total !== null) stats.push(h('span', { class: 'stat total' }, `total ${formatPoints(info.total)}`));
  // a group, not a <section>: a labelled <section> is a region landmark, and one per seat buried the
  // page's few real landmarks
  return h(
    'div',
    {
      class: ['seat', info.toMove && 'to-move', info.me && 'mine'],
      role: 'group',
      'data-seat': info.seat,
      'aria-label': `seat ${info.seat + 1}: ${info.name}`,
      'aria-current': info.toMove ? 'true' : null,
    },
    h(
      'div',
      { class: 'seat-head' },
      h('span', { class: ['dot', `c${info.seat % SERIES_COLORS.length}`], 'aria-hidden': 'true' }),
      h('span', { class: 'seat-name' }, breakable(info.name)),
      // the arrow alone (the seat's frame is lit too), so that a long name keeps its "#2"
      // (regression: "heurist… ◀ to move")
      info.toMove ? h('span', { class: 'turn-mark', title: 'to move' }, h('span', { 'aria-hidden': 'true' }, ' ◀'), h('span', { class: 'visually-hidden' }, ' to move')) : null,
    ),
    h('div', { class: 'badges' }, badges),
    h('div', { class: 'stats' }, stats),
    info.visible.length > 0 ? h('div', { class: 'exposed', role: 'group', 'aria-label': `${info.name}'s cards you can see` }, cardRow(info.visible)) : null,
    extra ?? null,
  );
}

// A name with a line-break opportunity after each ':' ("expert:" / "easy #2"), where a narrow
// screen may wrap it rather than in mid-word (regression: "expert:eas" / "y").
function breakable(name: string): Node[] {
  const parts = name.split(':');
  return parts.flatMap((p, k) => (k < parts.length - 1 ? [document.createTextNode(`${p}:`), h('wbr')] : [document.createTextNode(p)]));
}

export function trickEl(snap: Snapshot, trick: Trick | null, title: string, small: boolean, testid?: string): HTMLElement {
  // The trick on the table asks room for every seat's card (style.css), the last one its own.
  const players = small ? null : (snap.view?.players ?? snap.table?.players ?? null);
  if (!trick) return h('div', { class: ['trick', small && 'last'], 'data-players': players }, h('div', { class: 'trick-title' }, title), h('div', { class: 'trick-empty' }, '—'));
  const caption = trick.complete && trick.winner !== null ? `won by ${seatName(snap, trick.winner)}` : '';
  const deal = (trick as DealTrick).deal;
  return h(
    'div',
    {
      class: ['trick', small && 'last', trick.complete && 'complete'],
      'data-players': players,
      'data-testid': testid ?? (small ? 'last-trick' : 'trick'),
      'data-deal': deal ?? null,
      'data-winner': trick.complete && trick.winner !== null ? trick.winner : null,
    },
    h('div', { class: 'trick-title' }, deal ? `${title} of deal ${deal}` : `${title} ${trick.index + 1}`, caption ? ` · ${caption}` : ''),
    h(
      'div',
      { class: 'trick-cards' },
      trick.plays.map((p) =>
        h(
          'figure',
          { class: ['played', trick.winner === p.seat && trick.complete && 'won'] },
          cardEl(p.card, { small }),
          // the whole name on hovering, where it is cut (on a phone it wraps: style.css)
          h('figcaption', { title: seatName(snap, p.seat) }, seatName(snap, p.seat)),
        ),
      ),
    ),
  );
}

// The trick on the table and the last one completed. Until a trick of this deal is complete, the
// last one is the previous deal's last trick (from the score: the view has moved on).
// `prev`, the view before this one, tells who won a deal's last trick (the replay has it).
export function tricksArea(snap: Snapshot, prev: View | null = null): HTMLElement {
  const v = snap.view;
  const current = currentTrick(v);
  if (current && current.complete && current.winner === null) current.winner = trickWinner(prev, v);
  const last = trickEl(snap, lastTrick(v) ?? previousDealTrick(snap.match), 'Last trick', true);
  // between deals and after the game there is no trick on the table: only the last one
  return h('div', { class: 'tricks' }, v ? trickEl(snap, current, 'Trick', false) : null, last);
}

// The deal's public actions (bids, auction, calls), newest last.
export function historyEl(snap: Snapshot, view: View | null, heading: 'h2' | 'h3' = 'h3'): HTMLElement | null {
  if (!view || view.history.length === 0) return null;
  const shown = view.history.slice(-12);
  const items = shown.map((e) => h('li', null, h('b', null, actorName(snap, e.seat)), ': ', said(describeAction(e.text), actionAriaLabel(e.text))));
  // numbered as in the whole deal (regression: the last 12 were numbered from 1)
  const start = view.history.length - shown.length + 1;
  return h('div', { class: 'history' }, h(heading, null, 'This deal'), h('ol', { 'aria-label': 'actions this deal', start }, items));
}

export function describeAction(text: string): string {
  const a = parseAction(text);
  if (a.card) return `${a.kind.replace('-', ' ')} ${cardShort(a.card)}`;
  if (a.kind === 'bid') return `bid ${a.number}`;
  // the first letter only: "10 NT" stays (regression: "10 nt")
  const label = actionLabel(text);
  return label.charAt(0).toLowerCase() + label.slice(1);
}

// A seat's bid in a deal's result: "–" for none (null, or the server's -1 in the auction games).
export function bidText(bid: number | null | undefined): string {
  return bid == null || bid < 0 ? '–' : String(bid);
}

// The last deal's result: bids, tricks, points, and how it ended (its last trick).
export function lastDealEl(match: MatchInfo | null, names: string[]): HTMLElement | null {
  if (!match || match.results.length === 0) return null;
  const r = match.results[match.results.length - 1];
  const trick = previousDealTrick(match);
  // Call-Ace has no bids: its contract and each seat's side instead (regression: "–" for all)
  const contract = contractText(r, names);
  return h(
    'div',
    { class: 'last-deal', 'data-testid': 'last-deal' },
    h('h3', null, `Deal ${match.results.length}: ${r.cards} card${r.cards === 1 ? '' : 's'}, trump `, trumpNodes(r.trump), r.thrown_in ? ', thrown in' : ''),
    contract ? h('p', { class: 'deal-contract', 'data-testid': 'last-deal-contract' }, `Contract ${contract}`) : null,
    // a box that scrolls sideways, so that a narrow screen never cuts the table (seldom: the names
    // wrap there, style.css); no tabindex: browsers focus a box that scrolls and holds no control
    h(
      'div',
      { class: 'table-box' },
      h(
        'table',
        null,
        h('thead', null, h('tr', null, h('th', null, ''), h('th', null, contract ? 'side' : 'bid'), h('th', null, 'won'), h('th', null, 'points'))),
        h(
          'tbody',
          null,
          names.map((n, k) =>
            h('tr', null, h('th', { title: n }, n), h('td', null, contract ? (dealRole(r, k) ?? '–') : bidText(r.bids[k])), h('td', null, r.tricks[k] ?? ''), h('td', null, formatPoints(r.points[k]))),
          ),
        ),
      ),
    ),
    trick
      ? h(
          'p',
          { class: 'deal-trick', 'data-testid': 'last-deal-trick', 'data-winner': trick.winner },
          'Last trick: ',
          trick.plays.map((p) =>
            h('span', { class: ['deal-play', p.seat === trick.winner && 'won'] }, cardEl(p.card, { small: true }), ` ${names[p.seat] ?? `Seat ${p.seat + 1}`}`),
          ),
          trick.winner !== null ? h('span', { class: 'deal-trick-winner' }, ` · won by ${names[trick.winner] ?? `Seat ${trick.winner + 1}`}`) : null,
        )
      : null,
  );
}

// The score sheet in the seeds' layout (the server's text) and the chart of running totals.
export function scoreEl(
  match: MatchInfo | null,
  names: string[],
  open: boolean,
  title = 'Score sheet',
): HTMLElement | null {
  if (!match) return null;
  const legend = h(
    'ul',
    { class: 'legend' },
    names.map((n, k) =>
      h('li', null, seriesKey(k), ` ${n}: ${formatPoints(match.totals[k])}`),
    ),
  );
  const details = h(
    'details',
    { class: 'score', 'data-testid': 'score' },
    // data-key: a control keeps the keyboard's focus when the board is drawn again (dom.ts)
    h('summary', { 'data-key': 'score-summary' }, title),
    // The server's text layout is read as a jumble of characters (an aria-label on a <pre> is not
    // read either): screen readers get the same scores as a table instead. The box scrolls sideways,
    // so it takes the focus for the keyboard.
    h(
      'div',
      { class: 'sheet-box', 'data-key': 'score-sheet', tabindex: '0', role: 'group', 'aria-label': 'score sheet, text layout' },
      h('pre', { class: 'sheet', 'data-testid': 'sheet', 'aria-hidden': 'true' }, match.sheet),
    ),
    sheetTableEl(match, names),
    // the chart once a deal has been scored (before, it would be a dot at zero); the totals always
    match.results.length > 0
      ? h('figure', { class: 'chart-box' }, totalsChart(match, names), h('figcaption', null, 'Running totals by deal'), legend)
      : legend,
  );
  // no listener here (the table follows the toggles on its board): a plain element, which rerender
  // can keep around a focused summary
  details.open = open;
  return details;
}

function sheetTableEl(match: MatchInfo, names: string[]): HTMLElement {
  const t = sheetTable(match, names);
  // in a block that is hidden: a table hidden itself stays as wide as its columns (style.css)
  return h(
    'div',
    { class: 'visually-hidden' },
    h(
      'table',
      { 'data-testid': 'sheet-table' },
      h('caption', null, 'Score sheet'),
      h('thead', null, h('tr', null, t.head.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', null, t.rows.map((r) => h('tr', null, h('th', { scope: 'row' }, r[0]), r.slice(1).map((c) => h('td', null, c))))),
      h('tfoot', null, h('tr', null, h('th', { scope: 'row' }, t.totals[0]), t.totals.slice(1).map((c) => h('td', null, c)))),
    ),
  );
}

function isRedAction(text: string): boolean {
  const a = parseAction(text);
  if (a.card) return isRed(a.card);
  return a.arg === 'H' || a.arg === 'D';
}

// Action buttons (bids, auction, trump, calls …), with refused choices still clickable so the
// server can say why; `note` is said after the label ("Call A♦ (yours: you play alone)"), `label`
// shown instead of it where a row's heading says the rest (a contract's word), `title` a tooltip.
export function actionButton(text: string, legal: boolean, onClick: () => void, o: { note?: string; label?: string; title?: string } = {}): HTMLButtonElement {
  const { note, label, title } = o;
  return h(
    'button',
    {
      type: 'button',
      class: ['act', legal ? 'legal' : 'illegal', `kind-${parseAction(text).kind}`, isRedAction(text) && 'red'],
      'aria-label': note ? `${actionAriaLabel(text)}, ${note}` : actionAriaLabel(text),
      'aria-disabled': legal ? null : 'true',
      'data-action': text,
      'data-key': `act:${text}`,
      title: title ?? null,
      on: { click: onClick },
    },
    note ? `${label ?? actionLabel(text)} (${note})` : (label ?? actionLabel(text)),
  );
}
