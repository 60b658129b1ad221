// The replay of a finished table: every deal action by action, every hand shown.
import { api, ApiError } from './api';
import { actionAriaLabel } from './actions';
import { describeAction, historyEl, infoBar, pageTitle, scoreEl, seatPanel, tricksArea } from './board';
import { h, rerender } from './dom';
import { actorName, seatInfos, type Snapshot } from './model';
import type { MatchInfo, Replay } from './types';
import { presetTitle } from './variants';

export class ReplayPage {
  private replay: Replay | null = null;
  private error = '';
  private deal = 0; // index into replay.deals
  private frame = 0;
  private readonly body = h('div', { class: 'replay' });
  // The step, for screen readers: one live region kept across renders (regression: the step line,
  // rebuilt at every step, was a new region each time, which screen readers do not announce).
  private readonly live = h('p', { class: 'visually-hidden', 'aria-live': 'polite', 'data-testid': 'replay-live' });
  private readonly onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || !replayKeyApplies(e.target)) return;
    if (e.key === 'ArrowRight') this.step(1);
    else if (e.key === 'ArrowLeft') this.step(-1);
    else if (e.key === 'Home') this.go(this.deal, 0);
    else if (e.key === 'End') this.go(this.deal, Infinity);
    else return;
    e.preventDefault();
  };

  constructor(
    private readonly root: HTMLElement,
    private readonly id: string,
  ) {}

  mount(): void {
    this.root.dataset.page = 'replay';
    this.root.replaceChildren(this.live, this.body);
    document.title = 'Replay · Whist';
    document.addEventListener('keydown', this.onKey);
    this.render();
    void this.load();
  }

  destroy(): void {
    document.removeEventListener('keydown', this.onKey);
    document.title = 'Whist';
  }

  private async load(): Promise<void> {
    try {
      this.replay = await api.replay(this.id);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) this.error = 'The game is not over yet: its replay opens when it ends.';
      else if (e instanceof ApiError && e.status === 404) this.error = `No replay for table ${this.id}.`;
      else this.error = e instanceof Error ? e.message : String(e);
    }
    this.render();
  }

  private frames() {
    return this.replay?.deals[this.deal]?.frames ?? [];
  }

  private go(deal: number, frame: number): void {
    if (!this.replay || this.replay.deals.length === 0) return;
    this.deal = Math.max(0, Math.min(deal, this.replay.deals.length - 1));
    this.frame = Math.max(0, Math.min(frame, this.frames().length - 1));
    this.render();
  }

  // One action on; past a deal's end into the next deal, and back.
  private step(d: number): void {
    if (!this.replay) return;
    const n = this.frames().length;
    if (d > 0 && this.frame >= n - 1 && this.deal < this.replay.deals.length - 1) this.go(this.deal + 1, 0);
    else if (d < 0 && this.frame === 0 && this.deal > 0) this.go(this.deal - 1, Infinity);
    else this.go(this.deal, this.frame + d);
  }

  private render(): void {
    this.root.dataset.state = this.replay ? 'replay' : this.error ? 'error' : 'loading';
    const r = this.replay;
    if (r) document.title = `Replay: ${r.table.name || presetTitle(r.table.variant)} · Whist`;
    rerender(this.body, () => this.build(), ['h1']);
    // said by name ("play queen of spades"), where the screen shows symbols
    const text = this.replay ? this.stepText(actionAriaLabel) : this.error;
    if (this.live.textContent !== text) this.live.textContent = text;
  }

  // The step shown: "Deal 2, step 5 of 13: Bo: play Q♠", its action as `describe` puts it.
  private stepText(describe: (action: string) => string): string {
    const r = this.replay!;
    const frames = this.frames();
    const f = frames[this.frame];
    const snap: Snapshot = { seq: 0, table: r.table, match: r.match, view: f ?? null, deadline: null };
    const what = f?.action ? `${actorName(snap, f.action.seat)}: ${describe(f.action.text)}` : 'the cards as dealt';
    return `Deal ${r.deals[this.deal]?.deal ?? this.deal + 1}, step ${this.frame + 1} of ${frames.length}: ${what}`;
  }

  private build(): Node[] {
    const back = h('a', { href: '#/', class: 'back', 'data-key': 'back' }, h('span', { 'aria-hidden': 'true' }, '← '), 'Lobby');
    if (this.error) return [h('header', { class: 'table-head' }, back, pageTitle('Replay')), h('p', { class: 'fatal', 'data-testid': 'replay-error' }, this.error)];
    const r = this.replay;
    if (!r) return [h('header', { class: 'table-head' }, back, pageTitle('Replay')), h('p', { class: 'loading' }, 'Loading the replay…')];
    const frames = this.frames();
    const f = frames[this.frame] ?? null;
    const match: MatchInfo = replayMatch(r.match, this.deal);
    const snap: Snapshot = { seq: 0, table: r.table, match, view: f, deadline: null };
    const score = replayScore(r.match, this.deal, this.frame >= frames.length - 1);
    const infos = seatInfos(snap, -1);
    // the seats' totals are the chart's, as of the step (regression: at a deal's last step they
    // were still those from before the deal, while the chart's legend had the deal scored)
    infos.forEach((i) => (i.total = score.totals[i.seat] ?? null));
    if (f) infos.forEach((i) => (i.visible = f.hands[i.seat] ?? []));
    const names = infos.map((i) => i.name);
    // data-key: the button keeps the keyboard's focus as the page is drawn again (dom.ts); at either
    // end it is aria-disabled, not disabled, which would drop the focus (pressed, it does nothing)
    const button = (label: string, aria: string, onClick: () => void, testid: string, off = false) =>
      h('button', { type: 'button', 'aria-label': aria, 'data-testid': testid, 'data-key': testid, 'aria-disabled': off ? 'true' : null, on: { click: off ? () => undefined : onClick } }, label);
    const atStart = this.deal === 0 && this.frame === 0;
    const atEnd = this.deal === r.deals.length - 1 && this.frame >= frames.length - 1;
    const controls = h(
      'div',
      { class: 'replay-controls', role: 'group', 'aria-label': 'replay controls', 'aria-describedby': 'replay-keys' },
      h(
        'label',
        null,
        'Deal ',
        h(
          'select',
          { 'data-testid': 'replay-deal', 'data-key': 'replay-deal', on: { change: (e: Event) => this.go(Number((e.target as HTMLSelectElement).value), 0) } },
          r.deals.map((d, k) => {
            const res = r.match.results[k];
            return h('option', { value: k, selected: k === this.deal }, `${d.deal}${res ? ` (${res.cards} card${res.cards === 1 ? '' : 's'})` : ''}`);
          }),
        ),
      ),
      button('« First', 'first action of the deal', () => this.go(this.deal, 0), 'replay-first', this.frame === 0),
      button('◀ Back', 'back one action', () => this.step(-1), 'replay-back', atStart),
      button('Next ▶', 'forward one action', () => this.step(1), 'replay-forward', atEnd),
      button('Last »', 'last action of the deal', () => this.go(this.deal, Infinity), 'replay-last', this.frame >= frames.length - 1),
      // said by the live region above (this line is drawn again at each step)
      h('span', { class: 'replay-pos', 'data-testid': 'replay-pos', 'aria-hidden': 'true' }, this.stepText(describeAction)),
    );
    // outside the group it describes: inside, it was read as its content and its description too
    const keys = h('p', { class: 'small replay-keys', id: 'replay-keys' }, 'Keys: ← and → step, Home and End go to the first and last step of the deal.');
    return [
      h('header', { class: 'table-head' }, back, pageTitle(`Replay: ${r.table.name || presetTitle(r.table.variant)}`), h('a', { href: `#/table/${this.id}`, 'data-key': 'table' }, 'Table')),
      controls,
      keys,
      h(
        'div',
        { class: 'layout' },
        h(
          'div',
          { class: 'play-area' },
          infoBar(snap),
          h('div', { class: 'opponents all' }, infos.map((i) => seatPanel(i))),
          tricksArea(snap, frames[this.frame - 1] ?? null),
          scoreEl(score, names, true, 'Score sheet of the whole game; the chart and totals as of this step'),
        ),
        // the history's heading is the aside's (a hidden "This deal" above it was read twice)
        h('aside', { class: 'side' }, historyEl(snap, f, 'h2')),
      ),
    ];
  }
}

// Whether the replay's step keys apply where a key was pressed: not in a form field (a select's
// arrows change it), nor in content that scrolls sideways (the score sheet), where the arrows and
// Home / End scroll it (an audit found them taken from the reader).
function replayKeyApplies(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return false;
  for (let e: HTMLElement | null = target; e && e !== document.body; e = e.parentElement) {
    const o = getComputedStyle(e).overflowX;
    if ((o === 'auto' || o === 'scroll') && e.scrollWidth > e.clientWidth) return false;
  }
  return true;
}

// The score as it stood when deal `index` (0-based) was played.
export function replayMatch(m: MatchInfo, index: number): MatchInfo {
  const results = m.results.slice(0, index);
  const totals = m.names.map((_, k) => results.reduce((sum, r) => sum + (r.points[k] ?? 0), 0));
  return { ...m, deal: index, deals: m.deals ?? m.results.length, results, totals, finished: false, winners: [] };
}

// The score panel at a step of deal `index`: the chart and the totals hold the deals scored by
// then (this one once its last action is shown; regression: the whole game's at every step); the
// sheet stays the whole game's.
export function replayScore(m: MatchInfo, index: number, dealOver: boolean): MatchInfo {
  const scored = index + (dealOver ? 1 : 0);
  return scored >= m.results.length ? m : replayMatch(m, scored);
}
