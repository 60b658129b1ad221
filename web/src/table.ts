// The live table: one WebSocket, the state as the server sends it, and the screen.
import { cardActionText, contractMeaning, contractRows, CONTRACT_WORDS, isHandCardKind, parseAction, sameAction } from './actions';
import { api, ApiError, spectatorsFullText, tableGoneText } from './api';
import {
  actionButton,
  cardEl,
  historyEl,
  infoBar,
  lastDealEl,
  pageTitle,
  scoreEl,
  seatPanel,
  tricksArea,
} from './board';
import { explainReason, sortHand } from './cards';
import { afterSeatChange, Connection, statusText, wsUrl, type ConnStatus } from './connection';
import { announce, h, rerender } from './dom';
import {
  applyState,
  EMPTY,
  freeSeats,
  ownCall,
  paceDelay,
  previousDealTrick,
  PACES,
  seatInfos,
  seatName,
  seatOrder,
  spokenEvents,
  stillToPlay,
  timeLeftText,
  timerWarningDue,
  turnKey,
  turnText,
  winnersText,
  type Snapshot,
} from './model';
import {
  factsChange,
  forgetTable,
  knownTable,
  randomGuestName,
  rememberTable,
  storedGuest,
  storedPace,
  storePace,
  tableFacts,
  tokenFor,
  withGuest,
} from './storage';
import type { Action, ServerMessage, View } from './types';
import { presetTitle } from './variants';

interface Notice {
  text: string;
  kind: 'error' | 'info';
}

const SPECTATOR_RETRY_MS = 10_000; // a table full of spectators is asked again this often
const CATCH_UP = 6; // states waiting to be shown beyond which the screen skips the pauses
// A move made on one's turn while the connection was down is not sent, and it is said; once the
// connection is back, again if the turn is still where it was (not if a bot moved for the player).
const NOT_SENT = 'Not sent: the connection is down. Reconnecting…';
const RECONNECTED_NOT_SENT = 'Connected again. Your move made while the connection was down was not sent: play it again.';
const MAX_SPOKEN = 12; // lines said at once at most, "And more" included (a reconnection may bring a whole trick and more)
// Where the keyboard focus goes when the control that had it is gone (a bid made, the last card
// played, the game over): the hand, else the turn line (an audit found it dropped to <body>).
const FOCUS_FALLBACKS = ['[data-testid="hand"]', '[data-testid="turn"]', 'h1'];
// After taking or leaving a seat over HTTP, the server welcomes the watching connection again
// with its new role; a server that does not is said hello again after this long.
export const REWELCOME_MS = 2500;
// Before taking a seat with a guest the watching connection's hello did not carry (made just now),
// it says hello with it and the seat is asked for once that is answered, or after this long.
const HELLO_FIRST_MS = 2000;


export class TablePage {
  private snap: Snapshot = EMPTY; // the latest the server sent
  private shown: Snapshot = EMPTY; // what the screen shows (others' moves are paced)
  private queue: Snapshot[] = [];
  private timer: number | undefined;
  private shownAt = 0;
  private seat = -1;
  private role: 'player' | 'spectator' | null = null;
  private status: ConnStatus = { kind: 'connecting', attempt: 1 };
  private everOpen = false;
  private notice: Notice | null = null;
  private noticeTimer: number | undefined;
  private noticeFill: number | undefined; // the notice said again: its text set back (announce)
  private fatal: string | null = null;
  private busy = false;
  private destroyed = false; // the page has moved on: late answers change nothing
  private joinName: string;
  private pace = storedPace();
  private scoreOpen: boolean | null = null; // the score sheet's <details>, as the player left it
  private wordsOpen = false; // the same for what Call-Ace's contracts mean, under its auction
  private helloToken: string | undefined; // the token of the connection's latest hello
  private helloAnswered: (() => void) | null = null; // waits for the answer to a hello (helloFirst)
  private rewelcomeTimer: number | undefined;
  private spectatorRetry: number | undefined; // the next hello, the table full of spectators
  private full: string | null = null; // why the table keeps this page out (spectators-full)
  // The turn this seat last acted on (a move made then was the player's, not the timer's bot's),
  // and the tick that redraws the seconds left on a turn timer, in the turn line's `timeLeftEl`
  // (the one in the page, found after each render: rerender may keep the line drawn before).
  private actedAt = '';
  private unsentAt: string | null = null; // the turn whose move was not sent (the connection down)
  private timeLeftEl: HTMLElement | null = null;
  private tick: number | undefined;
  private readonly conn: Connection;
  private readonly banner = h('div', { class: 'banner', role: 'status', 'aria-live': 'polite', 'data-testid': 'conn-banner' });
  // What happens at the table, for screen readers: one live region kept across renders (regression:
  // the board's turn line, rebuilt at every update, was a new region each time, which screen readers
  // do not announce). The cards played, tricks won, others' bids and calls, deal results and the
  // winners, then whose turn it is; what comes at once is said at once (speak, flushSpeech).
  private readonly announcer = h('p', { class: 'visually-hidden', 'aria-live': 'polite', 'data-testid': 'turn-announcer' });
  private speech: string[] = [];
  private speechTimer: number | undefined;
  private saidTurn = { text: '', key: '' }; // the turn line as last spoken, and the turn it was for
  private quietTurn = false; // the state just shown said what happened: "Waiting for …" is not said
  private warnKey = ''; // the turn the timer warning watches, and the time left at the last tick
  private warnLeft: number | null = null;
  // Errors are alerts, other notices (a link copied, the bot moved for you) are status messages;
  // both regions stay in the page, only their text changes.
  private readonly alertEl = h('span', { role: 'alert' });
  private readonly statusEl = h('span', { role: 'status' });
  private readonly noticeEl = h('div', { class: 'notice table-notice', 'data-testid': 'notice' }, this.alertEl, this.statusEl);
  private readonly board = h('div', { class: 'board' });

  constructor(
    private readonly root: HTMLElement,
    private readonly id: string,
  ) {
    this.joinName = storedGuest()?.name ?? randomGuestName();
    this.conn = new Connection({
      url: wsUrl(location),
      hello: () => {
        const token = tokenFor(this.id);
        this.helloToken = token;
        return { type: 'hello', table: this.id, ...(token ? { token } : {}), last: this.snap.seq };
      },
      onMessage: (m) => this.onMessage(m),
      onStatus: (s) => this.onStatus(s),
    });
  }

  mount(): void {
    this.root.replaceChildren(this.banner, this.noticeEl, this.announcer, this.board);
    // the score sheet as the player left it, open or closed; here rather than on its <details>, so
    // that the summary, with the keyboard's focus, can be kept across renders (rerender)
    this.board.addEventListener('toggle', (e) => {
      if (e.target instanceof HTMLDetailsElement && e.target.matches('details.score')) this.scoreOpen = e.target.open;
      if (e.target instanceof HTMLDetailsElement && e.target.matches('details.contract-words')) this.wordsOpen = e.target.open;
    }, true);
    this.root.dataset.page = 'table';
    this.root.dataset.shown = '0';
    this.renderBanner();
    this.render();
    this.conn.start();
  }

  destroy(): void {
    this.destroyed = true;
    document.title = 'Whist';
    this.conn.stop();
    window.clearTimeout(this.timer);
    window.clearTimeout(this.noticeTimer);
    window.clearTimeout(this.noticeFill);
    window.clearTimeout(this.rewelcomeTimer);
    window.clearTimeout(this.spectatorRetry);
    window.clearTimeout(this.speechTimer);
    window.clearTimeout(this.tick);
  }

  // ---- messages

  private onMessage(m: ServerMessage): void {
    switch (m.type) {
      case 'welcome': {
        // the first answer to a hello, or again on the same connection when its guest takes a
        // seat over HTTP (or leaves it)
        this.letIn();
        this.helloAnswered?.();
        this.seat = m.seat;
        this.role = m.role;
        const known = knownTable(this.id);
        const token = this.helloToken ?? tokenFor(this.id);
        if (m.seat >= 0 && token) {
          rememberTable({ id: this.id, token, seat: m.seat, variant: known?.variant ?? '', ...this.facts() });
        } else if (m.seat < 0 && known && known.token === token) {
          forgetTable(this.id); // that token no longer holds a seat here
        }
        this.render();
        break;
      }
      case 'state': {
        const was = this.snap;
        this.snap = applyState(this.snap, m);
        this.followTimer(was, this.snap);
        this.followUnsent(this.snap);
        // the lobby's row of this table as it is now: its game, its name, its end, its rematch
        // (regression: a finished game and its rematch read alike but for the time)
        const known = knownTable(this.id);
        if (this.seat >= 0 && known && factsChange(known, this.facts())) {
          rememberTable({ ...known, ...this.facts() });
        }
        this.queue.push(this.snap);
        this.pump();
        break;
      }
      case 'error':
        this.onError(m.code, m.message);
        break;
      default:
        break;
    }
  }

  // Regression: a turn timer showed only its length, and a move the bot made when it ran out looked
  // like the player's own. Now the turn line counts down, and such a move is told.
  // A turn is known by where the deal is, not by the event number, which connections and
  // departures move on too while the server's timer runs on (a review found it).
  // Regression: the count began when this client showed the turn, seconds after the server's
  // timer began when others' moves were paced, and from the whole time again after a reload; the
  // deadline now comes from the server's time left (Snapshot.deadline).
  private followTimer(was: Snapshot, now: Snapshot): void {
    const mine = (s: Snapshot) => this.role === 'player' && (s.view?.legal.length ?? 0) > 0;
    if (mine(was) && turnKey(now) !== turnKey(was) && this.actedAt !== turnKey(was) && was.deadline !== null && Date.now() >= was.deadline - 1000) {
      this.say("Time's up: the bot made that move for you.", 'info');
    }
  }

  // The first state after a move was not sent says whether it is still to be played: the turn
  // where it was, still the player's (regression: "play it again" after the turn timer's bot had
  // played it, and for a click out of turn).
  private followUnsent(now: Snapshot): void {
    if (this.unsentAt === null) return;
    const still = this.role === 'player' && stillToPlay(this.unsentAt, now);
    this.unsentAt = null;
    if (still) this.say(RECONNECTED_NOT_SENT, 'info');
  }

  // The seconds left are redrawn while the turn on screen runs on a timer: that text alone, not the
  // board (a review found that a redraw a second would close an open menu, such as the pace's,
  // and lose a selection or a name being typed).
  // The ticks come as the count changes (just after each whole second before the deadline), so
  // that the line on the screen says what a render would draw: a focused turn line is then kept
  // (rerender compares markup), not drawn again and read again half the time.
  private followTick(): void {
    if (this.shown.deadline !== null && !this.destroyed) {
      const update = () => {
        if (this.timeLeftEl) this.timeLeftEl.textContent = timeLeftText(this.shown, Date.now());
        this.warnTimer();
        const deadline = this.shown.deadline;
        this.tick = deadline === null || this.destroyed ? undefined : window.setTimeout(update, nextSecond(deadline));
      };
      // again at each state shown: a new turn has a new deadline
      window.clearTimeout(this.tick);
      this.tick = window.setTimeout(update, nextSecond(this.shown.deadline));
      // the time left as the turn is shown, so that a turn shown with 10 to 11 s left warns at
      // the first tick (regression: it was first measured at that tick, under 10 s, and never warned)
      this.warnTimer();
    } else {
      window.clearTimeout(this.tick);
      this.tick = undefined;
    }
  }

  // Said once on the player's own turn as the timer falls to 10 s: the count on screen is not.
  private warnTimer(): void {
    const s = this.shown;
    const key = turnKey(s);
    if (key !== this.warnKey) {
      this.warnKey = key;
      this.warnLeft = null;
    }
    if (s.deadline === null || this.role !== 'player' || (s.view?.legal.length ?? 0) === 0) return;
    const left = s.deadline - Date.now();
    if (timerWarningDue(this.warnLeft, left)) this.speak(`${Math.ceil(left / 1000)} seconds left on your turn`);
    this.warnLeft = left;
  }

  private onError(code: string, message: string): void {
    if (code === 'stale') {
      // The table had moved on from the state on screen, and the next state says where it is. On
      // the player's turn that is a second click (the first was taken); out of turn, say why
      // nothing happened (regression: the click was ignored without a word).
      if ((this.shown.view?.legal.length ?? 0) === 0) this.say('Not your turn yet.', 'info');
      return;
    }
    if (code === 'spectators-full') {
      // Not the end of the page (regression: it was): a place comes free when a spectator goes,
      // and the one in the way may be this page's own connection before a reconnection, which
      // the server drops only once it has been silent for a minute. Said in the banner, which
      // stays, over the table if one was shown.
      this.helloAnswered?.(); // a hello refused is answered too: the seat is asked for all the same
      this.full = spectatorsFullText(this.id, SPECTATOR_RETRY_MS / 1000);
      this.renderBanner();
      window.clearTimeout(this.spectatorRetry);
      this.spectatorRetry = window.setTimeout(() => this.conn.rehello(), SPECTATOR_RETRY_MS);
      return;
    }
    const gone = tableGoneText(code, this.id);
    if (gone) {
      this.fatal = gone;
      this.conn.stop();
      this.render();
      return;
    }
    this.say(code === 'illegal' ? `Refused: ${explainReason(message)}` : explainReason(message), 'error');
  }

  // Let in (welcome), or the connection closed: no more "spectators full", nor its next hello (a
  // new connection says its own), which would be a second one or skip the back-off.
  private letIn(): void {
    window.clearTimeout(this.spectatorRetry);
    this.spectatorRetry = undefined;
    if (this.full === null) return;
    this.full = null;
    this.renderBanner();
  }

  private onStatus(s: ConnStatus): void {
    this.status = s;
    if (s.kind !== 'open') this.letIn();
    if (s.kind === 'open') this.everOpen = true;
    // Regression: the alert stayed its 8 s after the connection was back. Whether the move is to be
    // played again is for the first state to say (followUnsent): a bot may have made it meanwhile.
    if (s.kind === 'open' && this.notice?.text === NOT_SENT) this.clearNotice();
    this.renderBanner();
    this.root.dataset.conn = s.kind;
  }

  // Shows queued states one at a time: another seat's move waits a moment after the last.
  private pump(): void {
    if (this.timer !== undefined) return;
    while (this.queue.length > 0) {
      const next = this.queue[0];
      const delay = this.queue.length > CATCH_UP ? 0 : paceDelay(this.shown.view, next.view, this.seat, PACES[this.pace]);
      const wait = delay - (Date.now() - this.shownAt);
      if (wait > 0) {
        this.timer = window.setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, wait);
        return;
      }
      this.queue.shift();
      this.show(next);
    }
  }

  private show(s: Snapshot): void {
    const before = this.shown;
    this.shown = s;
    // how many states were shown: a state that changes nothing on the screen (a spectator come)
    // leaves this trace, which tests wait on
    this.root.dataset.shown = String(Number(this.root.dataset.shown ?? 0) + 1);
    this.shownAt = Date.now();
    this.followTick();
    const events = before.table ? spokenEvents(before, s, this.seat) : [];
    for (const e of events) this.speak(e);
    this.quietTurn = events.length > 0;
    if (this.notice && before.view && s.view && (s.view.plays.length !== before.view.plays.length || s.view.history.length !== before.view.history.length)) {
      // a refusal stays until the table moves on
      if (this.notice.kind === 'error' && Date.now() - this.noticeAt > 1500) this.clearNotice();
    }
    this.render();
  }

  // ---- actions

  private act(text: string): void {
    if (this.role !== 'player') {
      this.say('You are watching: take a seat to play.', 'info');
      return;
    }
    // the seq of the state on screen: the one the player decided on
    if (!this.conn.send({ type: 'act', action: text, seq: this.shown.seq })) {
      // out of turn it was no move: nothing is to be played again (a review found it said so)
      this.unsentAt = (this.shown.view?.legal.length ?? 0) > 0 ? turnKey(this.shown) : null;
      this.say(NOT_SENT, 'error');
      return; // not the player's move: a timer's bot that makes it is said to have
    }
    this.actedAt = turnKey(this.shown);
  }

  private clickCard(card: string): void {
    const v = this.shown.view;
    if (!v) return;
    const text = cardActionText(v.phase, card) ?? `play ${card}`;
    if (this.isLegal(v, text)) this.clearNotice();
    this.act(text); // an illegal card is sent too: the server says why it is refused
  }

  private isLegal(v: View, text: string): boolean {
    return v.legal.some((a) => sameAction(a.text, text));
  }

  private async join(seat: number): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.render();
    try {
      const g = await withGuest(this.joinName, async (guest) => {
        // Regression: a first visit's guest is made only now, and the connection, whose hello had
        // no token, said hello with it only after the join: the seat was taken with no
        // connection, so the others saw the friend "disconnected" as the game started (for as
        // long as the next move was shown, paced), and a connect was stored late. Said first, the
        // server makes this connection the seat's as it stores the join.
        await this.helloFirst(guest.token);
        await api.join(this.id, guest.token, seat);
        return guest;
      });
      rememberTable({ id: this.id, token: g.token, seat, variant: '', ...this.facts() });
      this.clearNotice();
      // the connection watched with this guest's token: the server makes it the seat's and says
      // so (a second welcome, which may have come already); else it says hello with the token
      this.afterSeatChange(g.token, () => this.role === 'player' && this.seat === seat);
    } catch (e) {
      this.say(e instanceof ApiError ? `Could not take the seat: ${e.message}` : String(e), 'error');
    } finally {
      this.busy = false;
      this.render();
    }
  }

  private async leave(): Promise<void> {
    const token = tokenFor(this.id);
    if (!token || this.busy) return;
    const playing = this.snap.table?.state === 'playing';
    if (playing && !window.confirm('Leave the game? A bot plays your seat until someone takes it.')) return;
    this.busy = true;
    try {
      await api.leave(this.id, token);
      forgetTable(this.id);
      this.afterSeatChange(token, () => this.role === 'spectator');
    } catch (e) {
      this.say(e instanceof ApiError ? e.message : String(e), 'error');
    } finally {
      this.busy = false;
    }
  }

  // What the lobby's list keeps of this table, from the latest summary (none yet: nothing).
  private facts(): Partial<ReturnType<typeof tableFacts>> {
    return this.snap.table ? tableFacts(this.snap.table) : {};
  }

  // Before a join: the open connection says hello with `token` unless its latest hello carried it
  // (a guest kept from an earlier visit: nothing is said, nothing waited for), and the join waits
  // for the answer, a spectator's welcome (docs/protocol.md: a token not seated watches), so that
  // the server has the connection as this guest's when the join comes. Not open: the next
  // connection's hello carries the guest's token (tokenFor), seated by then or not.
  private helloFirst(token: string): Promise<void> {
    if (!this.conn.isOpen || this.helloToken === token || tokenFor(this.id) !== token) return Promise.resolve();
    return new Promise((done) => {
      const finish = () => {
        window.clearTimeout(timer);
        if (this.helloAnswered === finish) this.helloAnswered = null;
        done();
      };
      const timer = window.setTimeout(finish, HELLO_FIRST_MS);
      this.helloAnswered = finish;
      this.conn.rehello();
    });
  }

  // After a join or a leave over HTTP: when the open connection said hello with `token`, the
  // server welcomes it again in its new role; only when that does not come (an older server) is
  // hello said again, on the same connection. One socket either way.
  private afterSeatChange(token: string, done: () => boolean): void {
    window.clearTimeout(this.rewelcomeTimer);
    const next = afterSeatChange({ done: done(), open: this.conn.isOpen, helloToken: this.helloToken, token });
    if (next === 'hello') this.conn.rehello();
    if (next !== 'wait') return;
    this.rewelcomeTimer = window.setTimeout(() => {
      if (!done()) this.conn.rehello();
    }, REWELCOME_MS);
  }

  private async rematch(): Promise<void> {
    const token = tokenFor(this.id);
    if (!token || this.busy) return;
    this.busy = true;
    try {
      const r = await api.rematch(this.id, token);
      // the same game and name; neither over nor with a rematch yet
      const name = this.snap.table?.name;
      rememberTable({ id: r.id, token, seat: this.seat, variant: this.snap.table?.variant ?? '', ...(name ? { name } : {}), rematchOf: this.id });
      // Regression: the answer could come after the player had gone elsewhere (the lobby), and
      // took them to the rematch anyway.
      if (!this.destroyed) location.hash = `#/table/${r.id}`;
    } catch (e) {
      this.say(e instanceof ApiError ? e.message : String(e), 'error');
    } finally {
      this.busy = false;
    }
  }

  // ---- notices

  private noticeAt = 0;

  private say(text: string, kind: Notice['kind']): void {
    const again = this.notice?.text === text && this.notice.kind === kind;
    this.notice = { text, kind };
    this.noticeAt = Date.now();
    window.clearTimeout(this.noticeTimer);
    this.noticeTimer = window.setTimeout(() => this.clearNotice(), 8000);
    if (!again) this.renderNotice();
    // the same words again (a second card refused for the same reason) are said again too
    else this.noticeFill = announce(kind === 'error' ? this.alertEl : this.statusEl, text);
  }

  private clearNotice(): void {
    this.notice = null;
    this.renderNotice();
  }

  // Text is set only when it changes (regression: the alert was filled again at every render, and
  // screen readers may read it again each time).
  private renderNotice(): void {
    // what it sets now wins over the refill of a notice said again (which may be gone)
    window.clearTimeout(this.noticeFill);
    const n = this.notice;
    const alert = n?.kind === 'error' ? n.text : '';
    const status = n?.kind === 'info' ? n.text : '';
    if (this.alertEl.textContent !== alert) this.alertEl.textContent = alert;
    if (this.statusEl.textContent !== status) this.statusEl.textContent = status;
    const cls = ['notice', 'table-notice', n?.kind ?? ''].join(' ').trim();
    if (this.noticeEl.className !== cls) this.noticeEl.className = cls;
  }

  // ---- what screen readers are told

  private speak(line: string): void {
    this.speech.push(line);
    if (this.speechTimer === undefined) this.speechTimer = window.setTimeout(() => this.flushSpeech(), 0);
  }

  // What was said since the last flush, in one announcement: states shown together (catching up,
  // the instant pace) are one, not a flood.
  private flushSpeech(): void {
    this.speechTimer = undefined;
    const lines = this.speech.length > MAX_SPOKEN ? ['And more', ...this.speech.slice(-(MAX_SPOKEN - 1))] : this.speech;
    this.speech = [];
    if (lines.length === 0) return;
    const text = lines.map((l) => (/[.!?]$/.test(l) ? l : `${l}.`)).join(' ');
    // the same words again ("Your turn: Play a card" at the next trick) are said again too; what
    // comes meanwhile waits for them
    this.speechTimer = announce(this.announcer, text, () => {
      this.speechTimer = undefined;
      if (this.speech.length > 0) this.speechTimer = window.setTimeout(() => this.flushSpeech(), 0);
    });
  }

  // Whose turn: said when it becomes the player's (each time, the same words too), or when the line
  // changes and nothing else was said ("Bo played …" says the table moved on).
  private sayTurn(myTurn: boolean): void {
    const s = this.shown;
    const text = s.table ? turnText(s, this.seat) : '';
    const key = `${turnKey(s)}:${this.role}`;
    const quiet = this.quietTurn;
    this.quietTurn = false;
    if (!text) return;
    const mine = myTurn && key !== this.saidTurn.key;
    if (mine || (text !== this.saidTurn.text && !quiet)) this.speak(text);
    this.saidTurn = { text, key };
  }

  private renderBanner(): void {
    const s = this.status;
    const text = (s.kind === 'open' ? this.full : null) ?? statusText(s, this.everOpen);
    // the same words again (refused every 10 s) are not written again: a live region says them
    if (this.banner.textContent !== text) this.banner.textContent = text;
    this.banner.hidden = text === '';
    this.banner.classList.toggle('warn', s.kind === 'waiting' || (s.kind === 'connecting' && this.everOpen) || (s.kind === 'open' && this.full !== null));
  }

  // ---- the screen

  private render(): void {
    this.renderNotice();
    const s = this.shown;
    const v = s.view;
    const myTurn = this.role === 'player' && !!v && v.legal.length > 0;
    this.root.dataset.state = s.table?.state ?? 'loading';
    this.root.dataset.phase = v?.phase ?? 'none';
    this.root.dataset.turn = myTurn ? 'me' : 'other';
    this.root.dataset.seq = String(s.seq);
    this.root.dataset.role = this.role ?? 'none';
    const title = s.table ? s.table.name || presetTitle(s.table.variant) : 'Table';
    // words, not a "●", which screen readers read as "black circle"
    document.title = `${myTurn ? 'Your turn · ' : ''}${title} · Whist`;
    this.sayTurn(myTurn);
    // one time for the line on the screen and the one built: a focused turn line is kept only when
    // the two are the same (rerender compares markup); the tick's count on the screen may be behind
    const now = Date.now();
    const shownLeft = this.board.querySelector<HTMLElement>('[data-testid="turn"] .time-left');
    const left = timeLeftText(s, now);
    if (shownLeft && shownLeft.textContent !== left) shownLeft.textContent = left;
    rerender(this.board, () => this.build(now), FOCUS_FALLBACKS);
    // the seconds left of the turn line on the screen: a kept one is the line drawn before, not
    // the one just built (the count would have stopped on a focused line)
    this.timeLeftEl = this.board.querySelector<HTMLElement>('[data-testid="turn"] .time-left');
  }

  private build(now: number): Node[] {
    if (this.fatal) {
      return [pageTitle('Table'), h('p', { class: 'fatal' }, this.fatal), h('p', null, h('a', { href: '#/', 'data-key': 'back' }, 'Back to the lobby'))];
    }
    const s = this.shown;
    const t = s.table;
    if (!t) return [pageTitle('Table'), h('p', { class: 'loading' }, 'Loading the table…')];
    const v = s.view;
    const infos = seatInfos(s, this.seat);
    const names = infos.map((i) => i.name);
    const order = seatOrder(t.players, this.seat);
    const others = order.filter((k) => k !== this.seat);
    const me = this.seat >= 0 ? infos[this.seat] : null;
    const wide = window.matchMedia('(min-width: 900px)').matches;

    const name = t.name || presetTitle(t.variant);
    const role = this.role === 'player' ? `You are ${seatName(s, this.seat)}` : this.role === 'spectator' ? `Watching${t.spectators > 1 ? ` (${t.spectators} watching)` : ''}` : '';
    // a slot: the <h1> is not rebuilt at every state, which moved the focus on it to a new one that
    // screen readers said again
    const header = h(
      'header',
      { class: 'table-head', 'data-slot': 'head', 'data-sig': JSON.stringify([name, role]) },
      h('a', { href: '#/', class: 'back', 'data-key': 'back' }, h('span', { 'aria-hidden': 'true' }, '← '), 'Lobby'),
      pageTitle(name),
      h('span', { class: 'role' }, role),
    );

    // data-key: the turn line, where the focus falls when no hand is shown (the waiting room, the
    // game over), is kept while it says the same (regression: rebuilt at every state, it took the
    // focus again and screen readers read "Game over" at each spectator who came or went). Not
    // with a hand shown: the focus on it then goes to the hand once the line changes (regression:
    // a seat taken in the waiting room left the focus on the turn line for the whole game, each
    // new line focused and read again)
    const handShown = !!v && this.role === 'player';
    const turn = h(
      'p',
      { class: ['turn', this.root.dataset.turn === 'me' && 'mine'], 'data-testid': 'turn', 'data-key': handShown ? null : 'turn', tabindex: '-1' },
      turnText(s, this.seat),
      h('span', { class: 'time-left' }, timeLeftText(s, now)),
    );

    const main: Node[] = [infoBar(s), turn];
    const over = t.state === 'finished' || !!s.match?.finished;
    if (over) main.push(this.gameOver(names));
    if (t.state === 'waiting' || freeSeats(t).length > 0) main.push(this.waitingRoom());
    main.push(h('div', { class: 'opponents' }, others.map((k) => seatPanel(infos[k]))));
    // the tricks; between deals and after the game, the last deal's last trick
    if (v || previousDealTrick(s.match)) main.push(tricksArea(s));
    if (me) main.push(seatPanel(me));
    // Call-Ace's auction: the hand first, the many contracts under it (they pushed it off a
    // phone's screen); it is what the choice is made on
    if (v && handShown) {
      const handFirst = v.phase === 'auction' && v.setup?.family === 'call-ace' && v.legal.length > 0;
      main.push(...(handFirst ? [this.handEl(v), this.actionsEl(v)] : [this.actionsEl(v), this.handEl(v)]));
    }
    // the sheet under the game, where a table of long names has the room its columns need (in the
    // side column four "heuristic #2" columns scrolled)
    this.scoreOpen ??= wide;
    const score = scoreEl(s.match, names, this.scoreOpen || t.state === 'finished');
    if (score) main.push(score);

    const side: Node[] = [];
    const last = lastDealEl(s.match, names);
    if (last) side.push(last);
    const hist = historyEl(s, v);
    if (hist) side.push(hist);
    side.push(this.settingsEl());
    if (this.seat >= 0 && t.state !== 'finished') {
      side.push(h('p', { class: 'leave' }, h('button', { type: 'button', class: 'link', 'data-key': 'leave', on: { click: () => void this.leave() } }, 'Leave the seat')));
    }
    // slots (dom.ts): the waiting room and the settings, unchanged, are kept as they are, so that a
    // name being typed or the pace's open menu are not disturbed by others' moves
    return [
      header,
      h(
        'div',
        { class: 'layout', 'data-slot': 'layout' },
        h('div', { class: 'play-area', 'data-slot': 'play' }, main),
        h('aside', { class: 'side', 'data-slot': 'side' }, h('h2', { class: 'visually-hidden' }, 'The deal and settings'), side),
      ),
    ];
  }

  private settingsEl(): HTMLElement {
    const select = h(
      'select',
      {
        id: 'pace',
        'data-testid': 'pace',
        'data-key': 'pace',
        on: {
          change: (e: Event) => {
            this.pace = (e.target as HTMLSelectElement).value;
            storePace(this.pace);
          },
        },
      },
      Object.keys(PACES).map((p) => h('option', { value: p, selected: p === this.pace }, p)),
    );
    return h('p', { class: 'settings', 'data-slot': 'settings', 'data-sig': this.pace }, h('label', { for: 'pace' }, 'Show others\' moves: '), select);
  }

  private shareLink(): string {
    return `${location.origin}/#/table/${this.id}`;
  }

  private waitingRoom(): HTMLElement {
    const t = this.shown.table!;
    const free = freeSeats(t);
    const link = h('input', { class: 'share-link', type: 'text', readonly: true, value: this.shareLink(), 'aria-label': 'link to this table', 'data-testid': 'share-link', 'data-key': 'share-link' });
    const copy = h('button', {
      type: 'button',
      'data-key': 'copy-link',
      on: {
        // the link of the page at the time (a kept button keeps this listener: rerender)
        click: (e: Event) => {
          const link = (e.currentTarget as HTMLElement).parentElement!.querySelector('input')!;
          link.select();
          const done = () => this.say('Link copied', 'info');
          if (navigator.clipboard?.writeText) navigator.clipboard.writeText(link.value).then(done, () => document.execCommand('copy'));
          else if (document.execCommand('copy')) done();
        },
      },
    }, 'Copy link');
    const parts: Node[] = [h('h2', null, t.state === 'waiting' ? 'Waiting for players' : 'Open seats')];
    parts.push(h('p', null, t.public ? 'This table is listed in the lobby. ' : 'This table is private. ', 'Share the link to invite a friend:'), h('div', { class: 'share' }, link, copy));
    if (this.seat < 0 && free.length > 0) {
      const name = h('input', {
        type: 'text',
        value: this.joinName,
        maxlength: '48', // 24 characters as the server counts them, in UTF-16 units (an emoji takes two)
        'aria-label': 'your name',
        'data-testid': 'join-name',
        'data-key': 'join-name',
        on: { input: (e: Event) => (this.joinName = (e.target as HTMLInputElement).value) },
      });
      parts.push(
        h('div', { class: 'join' }, h('label', null, 'Your name ', name)),
        h('div', { class: 'join-seats' }, free.map((k) =>
          // aria-disabled while busy, not disabled: a disabled button loses the keyboard focus;
          // "take-seat:" a kind of key, so that a seat taken by another moves the focus to the
          // next seat's button (dom.ts), not to the turn line
          h('button', { type: 'button', class: 'primary', 'data-testid': `take-seat-${k}`, 'data-key': `take-seat:${k}`, 'aria-disabled': this.busy ? 'true' : null, on: { click: () => void this.join(k) } }, `Take seat ${k + 1}`),
        )),
      );
      if (t.state === 'playing') {
        parts.push(h('p', { class: 'small' }, 'The game is on: a bot plays a free seat until someone takes it. You play it from the next decision.'));
      }
    } else if (this.seat >= 0 && t.state === 'waiting') {
      parts.push(h('p', null, `You sit in seat ${this.seat + 1}. The game starts when every seat is taken.`));
    }
    const sig = JSON.stringify([t.state, t.public, free, this.seat, this.busy]);
    return h('section', { class: 'waiting', 'data-testid': 'waiting', 'data-slot': 'waiting', 'data-sig': sig }, parts);
  }

  private actionsEl(v: View): HTMLElement {
    const legal = v.legal;
    const hand = new Set(v.own_hand);
    const buttons: Node[] = [];
    if (legal.length === 0) return h('div', { class: 'actions', 'data-testid': 'actions' });
    const kinds = new Set(legal.map((a) => parseAction(a.text).kind));
    if (v.phase === 'bidding' && kinds.has('bid')) {
      const bids: Node[] = [];
      for (let n = 0; n <= v.cards; ++n) {
        const text = `bid ${n}`;
        bids.push(actionButton(text, this.isLegal(v, text), () => this.act(text)));
      }
      buttons.push(h('div', { class: 'bids', role: 'group', 'aria-label': 'your bid' }, bids));
    }
    const rest: Action[] = legal.filter((a) => {
      const p = parseAction(a.text);
      if (p.kind === 'bid' && v.phase === 'bidding') return false;
      if (isHandCardKind(p.kind) && p.card && hand.has(p.card)) return false;
      return true;
    });
    const auction = rest.filter((a) => parseAction(a.text).kind === 'auction');
    if (auction.length > 0) {
      const rows = new Map<number, Action[]>();
      for (const a of auction) {
        const n = parseAction(a.text).number!;
        rows.set(n, [...(rows.get(n) ?? []), a]);
      }
      buttons.push(
        h('div', { class: 'auction', role: 'group', 'aria-label': 'auction bids' }, [...rows.entries()].map(([n, as]) =>
          // the bids in a box of their own beside the number, which they wrap in (style.css)
          h('div', { class: 'auction-row' }, h('span', { class: 'auction-n' }, `${n}:`), h('span', { class: 'row-choices' }, as.map((a) => actionButton(a.text, true, () => this.act(a.text))))),
        )),
      );
    }
    // Call-Ace's contracts in rows by tricks, each word explained (its tooltip, and below)
    const rows = contractRows(rest.map((a) => a.text));
    if (rows.length > 0) {
      buttons.push(
        h('div', { class: 'auction contracts', role: 'group', 'aria-label': 'contracts' }, rows.map((row) =>
          h('div', { class: ['contract-row', row.label === 'Negative:' && 'negative'] }, h('span', { class: 'auction-n' }, row.label), h('span', { class: 'row-choices' }, row.choices.map((c) =>
            actionButton(c.text, true, () => this.act(c.text), { label: c.label, title: contractMeaning(parseAction(c.text).arg!) }),
          ))),
        )),
        h(
          'details',
          { class: 'contract-words', open: this.wordsOpen },
          h('summary', { 'data-key': 'contract-words' }, 'What the contracts mean'),
          h('p', { class: 'small' }, 'A number is the tricks to take at least, with a secret partner: the holder of the card you call. The word after it:'),
          h('dl', null, CONTRACT_WORDS.map(([w, m]) => [h('dt', null, w), h('dd', null, m)])),
        ),
      );
    }
    const others = rest.filter((a) => !['auction', 'contract'].includes(parseAction(a.text).kind));
    // a card of one's own called: no partner, the caller plays alone (rules §11.3)
    const note = (a: Action) => (ownCall(a.text, v.own_hand) ? 'yours: you play alone' : undefined);
    if (others.length > 0) buttons.push(h('div', { class: 'other-actions', role: 'group', 'aria-label': 'choices' }, others.map((a) => actionButton(a.text, true, () => this.act(a.text), { note: note(a) }))));
    return h('div', { class: 'actions', 'data-testid': 'actions' }, buttons);
  }

  private handEl(v: View): HTMLElement {
    const cards = sortHand(v.own_hand);
    const chosen = new Set(v.choosing ?? []);
    const myTurn = v.legal.length > 0;
    let note: string | null = null;
    if (cards.length === 0 && v.phase !== 'done') {
      if (v.mode === 'forehead') note = 'Forehead deal: everyone sees your card but you.';
      else if (v.setup?.blind_bidding || v.mode === 'blind') note = 'Blind: you bid before seeing your cards.';
      else note = 'No cards in your hand.';
    }
    const extra: Node[] = [];
    if (v.choosing && v.choosing.length > 0) extra.push(h('p', { class: 'small' }, `Chosen to pass: ${v.choosing.length}`));
    if (v.passed && v.passed.length > 0) {
      const k = v.passed.length - 1;
      extra.push(h('p', { class: 'small passed' }, 'Last passing round: you passed ', cardRowOf(v.passed[k]), ' and received ', cardRowOf(v.received?.[k] ?? [])));
    }
    if (v.kitty_seen && v.kitty_seen.length > 0) extra.push(h('p', { class: 'small' }, 'Kitty seen: ', cardRowOf(v.kitty_seen)));
    if (v.call && v.call.kitty.length > 0) extra.push(h('p', { class: 'small' }, 'Your discards: ', cardRowOf(v.call.kitty)));
    return h(
      'section',
      // tabindex -1: where the focus goes when the control that had it is gone (FOCUS_FALLBACKS)
      { class: ['hand', myTurn && 'my-turn'], 'aria-label': 'your hand', 'data-testid': 'hand', 'data-key': 'hand', tabindex: '-1' },
      h('h2', { class: 'visually-hidden' }, 'Your hand'),
      note ? h('p', { class: 'small' }, note) : null,
      h('div', { class: 'cards' }, cards.map((c) => {
        const text = cardActionText(v.phase, c);
        const legal = !!text && this.isLegal(v, text);
        return cardEl(c, { legal, neutral: !text, chosen: chosen.has(c), toggle: v.phase === 'passing' && myTurn, onClick: () => this.clickCard(c) });
      })),
      extra,
    );
  }

  private gameOver(names: string[]): HTMLElement {
    const s = this.shown;
    const m = s.match;
    const t = s.table!;
    const winners = m?.winners.map((k) => names[k]) ?? [];
    // The turn line above already says "Game over": the panel's heading is who won.
    const parts: Node[] = [];
    if (winners.length > 0) parts.push(h('h2', { class: 'winners', 'data-testid': 'winners' }, winnersText(winners)));
    const buttons: Node[] = [];
    if (t.rematch) buttons.push(h('a', { class: 'button primary', href: `#/table/${t.rematch}`, 'data-testid': 'go-rematch', 'data-key': 'go-rematch' }, 'Go to the rematch'));
    else if (this.seat >= 0) buttons.push(h('button', { type: 'button', class: 'primary', 'data-testid': 'rematch', 'data-key': 'rematch', on: { click: () => void this.rematch() } }, 'Rematch'));
    buttons.push(h('a', { class: 'button', href: `#/replay/${this.id}`, 'data-testid': 'replay-link', 'data-key': 'replay-link' }, 'Replay'));
    buttons.push(h('a', { class: 'button', href: '#/', 'data-key': 'game-over-lobby' }, 'Lobby'));
    parts.push(h('div', { class: 'buttons' }, buttons));
    return h('section', { class: 'game-over', 'data-testid': 'game-over' }, parts);
  }
}

// How long until the seconds left before `deadline` change (a moment after they do; a second once
// it has passed).
function nextSecond(deadline: number): number {
  const left = deadline - Date.now();
  return left <= 0 ? 1000 : (left % 1000) + 20;
}

function cardRowOf(cards: string[]): HTMLElement {
  return h('span', { class: 'card-row' }, cards.map((c) => cardEl(c, { small: true })));
}
