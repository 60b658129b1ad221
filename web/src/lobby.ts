// The lobby: your name, a new table (preset, players, seats, options with their defaults, as the
// server lists them: GET /api/variants), the public tables to join or watch (the first hundred the
// server names, by game and free seats as the player filters them), and the tables you sat at.
import { api, ApiError, type Guest, type TableFilter } from './api';
import { announce, h, rerender } from './dom';
import { seatIsFree } from './model';
import { knownTables, randomGuestName, rememberTable, storedGuest, withGuest, type KnownTable } from './storage';
import type { Summary } from './types';
import {
  changedOptions,
  defaultBotSeat,
  offeredLevels,
  optionInput,
  presetTitle,
  seatChoices,
  type Preset,
  type Variants,
} from './variants';

const REFRESH_MS = 5000;

// The presets do not change while the server runs: asked for once per page load.
let variantsOnce: Promise<Variants> | null = null;

function loadVariants(): Promise<Variants> {
  variantsOnce ??= api.variants().catch((e: unknown) => {
    variantsOnce = null; // asked again next time
    throw e;
  });
  return variantsOnce;
}

// What the list says of its length: how many tables, or the first of how many (the server names a
// hundred at most).
export function countText(shown: number, total: number, filtered: boolean): string {
  if (total === 0) return filtered ? 'No open tables match' : 'No open tables';
  if (shown >= total) return `${total} ${total === 1 ? 'table' : 'tables'}`;
  return `Showing ${shown} of ${total.toLocaleString('en')} tables`;
}

// The form's fields that the server may name in a 400 (`field`), by the key they are shown under:
// the table's fields as the server names them, and the guest's name as `guest.name`.
export function errorKey(stage: Stage, field: string | undefined): string | null {
  if (!field) return null;
  if (stage === 'guest') return field === 'name' ? 'guest.name' : null;
  if (stage === 'join') return null;
  return field;
}

export type Stage = 'guest' | 'table' | 'join';

// What a row of "Your tables" says of its table, the time it was last opened aside: its name when
// it has one, its game, a rematch, the seat, a game over, as this browser last saw the table.
// Nothing is asked of the server for them (a request a row could run into the API's rate limit).
// Regression (audit): a finished game and its rematch read alike but for the time. An entry kept
// before names and ends were reads as it did.
export function knownTableParts(t: KnownTable): string[] {
  const parts = [presetTitle(t.variant), `seat ${t.seat + 1}`];
  if (t.rematchOf) parts.splice(1, 0, 'rematch');
  if (t.name) parts.unshift(t.name);
  if (t.finished) parts.push('finished');
  return parts;
}

// The row's text, and the words its "Open" link is told apart by (for screen readers).
export function knownTableText(t: KnownTable): { text: string; label: string } {
  const parts = knownTableParts(t);
  return { text: [...parts, new Date(t.at).toLocaleString()].join(' · '), label: ` ${parts.join(', ')}` };
}

// Runs `use` with the guest (withGuest), `step.stage` saying at each moment what a refusal would be
// of: the guest's ('guest', its name field) until `use` starts, the request's ('table') while it
// runs, and the guest's again while a retired guest is made anew (regression: a name refused then
// was shown on the table's name field).
export async function withGuestStage<T>(name: string, step: { stage: Stage }, use: (g: Guest) => Promise<T>): Promise<T> {
  step.stage = 'guest';
  return withGuest(
    name,
    async (g) => {
      step.stage = 'table';
      return use(g);
    },
    () => {
      step.stage = 'guest';
    },
  );
}

export class LobbyPage {
  private variants: Variants | null = null;
  private variantsError = '';
  private preset: Preset | null = null;
  private players = 4;
  private seats: string[] = [];
  private optionValues: Record<string, string> = {};
  private name: string;
  private tableName = '';
  private isPublic = true;
  private turnSeconds = '0';
  private tables: Summary[] | null = null;
  private total = 0; // the tables that match the filter, the server names the first of them
  private filter: TableFilter = {};
  private refreshAgain = false; // the filter changed while the list was being asked for
  private sayCount = false; // the list's length is said once the answer to a changed filter comes
  private listError = '';
  private listShown = ''; // what the list shows, so that an unchanged list is left alone
  private error = '';
  private fieldErrors: Record<string, string> = {};
  private optionsOpen = false;
  private busy = false;
  private refreshing = false;
  private timer: number | undefined;
  private destroyed = false;
  private readonly form = h('div', { class: 'create' });
  private readonly list = h('div', { class: 'open-tables' });
  private readonly mine = h('div', { class: 'my-tables' });
  // What a filter changed is said here, outside the list, which is drawn again at each refresh.
  private readonly said = h('p', { class: 'visually-hidden', 'aria-live': 'polite', 'data-testid': 'list-said' });

  constructor(private readonly root: HTMLElement) {
    this.name = storedGuest()?.name ?? randomGuestName();
    // the rules options open or closed, as the player left them; here rather than on their
    // <details>, a plain element then, which rerender can keep around a focused summary
    this.form.addEventListener('toggle', (e) => {
      if (e.target instanceof HTMLDetailsElement && e.target.matches('details.options')) this.optionsOpen = e.target.open;
    }, true);
  }

  mount(): void {
    this.root.dataset.page = 'lobby';
    document.title = 'Whist';
    delete this.root.dataset.state;
    delete this.root.dataset.turn;
    this.root.replaceChildren(
      h('header', { class: 'lobby-head' }, h('h1', { tabindex: '-1' }, 'Whist'), h('p', null, 'Romanian, Serbian, Israeli, Call-Ace whist and Oh Hell: play with friends or bots.')),
      h('div', { class: 'lobby' }, this.form, h('div', null, this.list, this.said, this.mine)),
    );
    this.renderForm();
    this.renderMine();
    void this.loadVariants();
    void this.refresh();
    // one request every 5 s at most, none while the tab is hidden or the last is unanswered
    this.timer = window.setInterval(() => {
      if (document.hidden) return;
      if (!this.variants) void this.loadVariants();
      void this.refresh();
    }, REFRESH_MS);
  }

  destroy(): void {
    this.destroyed = true;
    window.clearInterval(this.timer);
  }

  private async loadVariants(): Promise<void> {
    if (this.variants) return;
    try {
      const v = await loadVariants();
      if (this.destroyed) return;
      this.variants = v;
      this.variantsError = '';
      if (v.presets.length > 0) this.setPreset(v.presets[0]);
    } catch (e) {
      this.variantsError = e instanceof ApiError ? e.message : String(e);
    }
    if (this.destroyed) return;
    this.renderForm();
    this.renderList(); // the games to filter by
  }

  private setPreset(p: Preset): void {
    this.preset = p;
    this.players = p.players.default;
    this.optionValues = Object.fromEntries(p.options.map((o) => [o.name, o.default]));
    this.fieldErrors = {};
    this.resetSeats();
  }

  private resetSeats(): void {
    const bot = defaultBotSeat(offeredLevels(this.variants));
    this.seats = Array.from({ length: this.players }, (_, k) => this.seats[k] ?? (k === 0 ? 'human' : bot));
  }

  // `again`: the filter changed, so a list being asked for is of the old one: asked again after it.
  private async refresh(again = false): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain ||= again;
      return;
    }
    this.refreshing = true;
    try {
      const list = await api.listTables(this.filter);
      this.tables = list.tables;
      this.total = list.total;
      this.listError = '';
    } catch (e) {
      this.listError = e instanceof ApiError ? e.message : String(e);
    } finally {
      this.refreshing = false;
    }
    if (this.destroyed) return;
    if (this.refreshAgain) {
      this.refreshAgain = false;
      void this.refresh();
      return;
    }
    this.renderList();
    if (this.sayCount) {
      this.sayCount = false;
      announce(this.said, this.listError ? `The tables could not be listed: ${this.listError}` : countText(this.tables?.length ?? 0, this.total, this.filtered()));
    }
  }

  private setFilter(f: TableFilter): void {
    this.filter = { ...this.filter, ...f };
    this.sayCount = true;
    void this.refresh(true);
  }

  private filtered(): boolean {
    return !!(this.filter.variant || this.filter.free);
  }

  private async create(): Promise<void> {
    const p = this.preset;
    if (this.busy || !p) return;
    this.busy = true;
    this.error = '';
    this.fieldErrors = {};
    this.renderForm();
    const step: { stage: Stage } = { stage: 'guest' };
    try {
      const seconds = Number(this.turnSeconds.trim() || 0) || 0; // the server checks its range
      const { g, r } = await withGuestStage(this.name, step, async (g) => {
        this.name = g.name;
        const r = await api.createTable({
          token: g.token,
          variant: p.name,
          players: this.players,
          options: changedOptions(p, this.optionValues),
          seats: this.seats,
          public: this.isPublic,
          ...(this.tableName.trim() ? { name: this.tableName.trim() } : {}),
          ...(seconds !== 0 ? { turn_seconds: seconds } : {}),
        });
        return { g, r };
      });
      step.stage = 'join';
      const first = this.seats.indexOf('human');
      if (first >= 0) {
        await api.join(r.id, g.token, first);
        const name = this.tableName.trim();
        rememberTable({ id: r.id, token: g.token, seat: first, variant: p.name, ...(name ? { name } : {}) });
      }
      location.hash = `#/table/${r.id}`;
    } catch (e) {
      this.showError(step.stage, e);
    } finally {
      this.busy = false;
      if (!this.destroyed) this.renderForm();
    }
    // after a refusal, the keyboard goes to the field the server refused
    if (!this.destroyed) this.form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  // A 400 that names a field is shown next to that field (the options opened when it is one);
  // anything else under the form.
  private showError(stage: Stage, e: unknown): void {
    if (!(e instanceof ApiError)) {
      this.error = String(e);
      return;
    }
    const key = errorKey(stage, e.field);
    if (key && this.fieldKeys().includes(key)) {
      this.fieldErrors[key] = e.fieldMessage;
      if (key.startsWith('options.')) this.optionsOpen = true;
      this.error = `The table was not created: ${e.fieldMessage}`;
    } else {
      this.error = e.message;
    }
  }

  private fieldKeys(): string[] {
    const keys = ['guest.name', 'variant', 'players', 'name', 'turn_seconds'];
    this.seats.forEach((_, k) => keys.push(`seats[${k}]`));
    for (const o of this.preset?.options ?? []) keys.push(`options.${o.name}`);
    return keys;
  }

  // A field's row: its label, its input, its hint, and the server's word on it when it refused it.
  private field(key: string, id: string, label: string, input: HTMLElement, hint?: Node | string | null, cls = ''): HTMLElement {
    const err = this.fieldErrors[key];
    const hintId = `${id}-hint`;
    const errId = `${id}-error`;
    const describedBy = [hint ? hintId : '', err ? errId : ''].filter(Boolean).join(' ');
    const control = input.matches('input, select') ? input : input.querySelector('input, select');
    if (control) {
      if (describedBy) control.setAttribute('aria-describedby', describedBy);
      if (err) control.setAttribute('aria-invalid', 'true');
    }
    return h(
      'div',
      { class: ['field', cls, err && 'invalid'], 'data-field': key },
      h('label', { for: id }, label),
      input,
      hint ? h('small', { id: hintId }, hint) : null,
      err ? h('p', { id: errId, class: 'field-error', role: 'alert', 'data-testid': `error-${key}` }, err) : null,
    );
  }

  private renderForm(): void {
    rerender(this.form, () => {
      const p = this.preset;
      const v = this.variants;
      if (!v || !p) {
        if (!this.variantsError) return [h('h2', null, 'New table'), h('p', { class: 'loading small' }, 'Loading the games…')];
        return [
          h('h2', null, 'New table'),
          h('p', { class: 'notice error', role: 'alert', 'data-testid': 'variants-error' }, `The games could not be loaded: ${this.variantsError}`),
          h('button', { type: 'button', 'data-key': 'try-again', on: { click: () => void this.loadVariants() } }, 'Try again'),
        ];
      }
      const presetSelect = h(
        'select',
        {
          id: 'preset',
          'data-testid': 'preset',
          'data-key': 'preset',
          on: {
            change: (e: Event) => {
              this.setPreset(v.presets.find((x) => x.name === (e.target as HTMLSelectElement).value)!);
              this.renderForm();
            },
          },
        },
        v.presets.map((x) => h('option', { value: x.name, selected: x.name === p.name }, presetTitle(x.name))),
      );
      const playersSelect = h(
        'select',
        {
          id: 'players',
          'data-testid': 'players',
          'data-key': 'players',
          on: {
            change: (e: Event) => {
              this.players = Number((e.target as HTMLSelectElement).value);
              this.resetSeats();
              this.renderForm();
            },
          },
        },
        range(p.players.min, p.players.max).map((n) => h('option', { value: n, selected: n === this.players }, n === p.players.default ? `${n} (default)` : String(n))),
      );
      const choices = seatChoices(offeredLevels(v));
      const seatRows = this.seats.map((s, k) =>
        this.field(
          `seats[${k}]`,
          `seat-${k}`,
          `Seat ${k + 1}`,
          h(
            'select',
            {
              id: `seat-${k}`,
              'data-testid': `seat-${k}`,
              'data-key': `seat-${k}`,
              on: { change: (e: Event) => (this.seats[k] = (e.target as HTMLSelectElement).value) },
            },
            choices.map((c) => h('option', { value: c.value, selected: c.value === s }, c.label)),
          ),
        ),
      );
      const scoringHint = (name: string) => {
        const d = v.scorings.find((x) => x.name === name)?.description;
        return d ? `${name}: ${d}` : '';
      };
      const optionRows = p.options.map((o) => {
        const id = `opt-${o.name}`;
        const value = this.optionValues[o.name] ?? o.default;
        const set = (e: Event) => (this.optionValues[o.name] = (e.target as HTMLInputElement | HTMLSelectElement).value);
        const how = optionInput(o);
        let input: HTMLElement;
        const hint: (Node | string)[] = [`${o.description}. Default: ${o.default}.`];
        if (how.kind === 'select') {
          const values = how.values.includes(value) ? how.values : [value, ...how.values];
          const scoring = o.name === 'scoring' ? h('span', { class: 'scoring-desc' }, ` ${scoringHint(value)}`) : null;
          input = h(
            'select',
            {
              id,
              'data-option': o.name,
              'data-key': id,
              on: {
                change: (e: Event) => {
                  set(e);
                  if (scoring) scoring.textContent = ` ${scoringHint((e.target as HTMLSelectElement).value)}`;
                },
              },
            },
            values.map((x) => h('option', { value: x, selected: x === value }, x === o.default ? `${x} (default)` : x)),
          );
          if (scoring) hint.push(scoring);
        } else if (how.kind === 'number') {
          input = h('input', { id, type: 'number', min: how.min, max: how.max, step: 1, value, 'data-option': o.name, 'data-key': id, on: { input: set } });
          hint.push(` From ${how.min} to ${how.max}.`);
        } else {
          const listId = `${id}-list`;
          input = h(
            'span',
            { class: 'free-text' },
            h('input', { id, type: 'text', value, placeholder: how.hint, list: how.suggestions.length ? listId : null, 'data-option': o.name, 'data-key': id, on: { input: set } }),
            how.suggestions.length ? h('datalist', { id: listId }, how.suggestions.map((x) => h('option', { value: x }))) : null,
          );
          hint.push(' Accepts: ', h('code', { class: 'accepts' }, how.hint), '.');
        }
        return this.field(`options.${o.name}`, id, o.name.replace(/_/g, ' '), input, h('span', null, hint), 'option');
      });
      const options = h(
        'details',
        { class: 'options', open: this.optionsOpen },
        h('summary', { 'data-key': 'options' }, `Rules options (${p.options.length}, defaults shown)`),
        optionRows,
      );
      // `chars` is the server's limit in characters (code points); maxlength counts UTF-16 units, two
      // for an emoji, so it is twice that: it never cuts a name the server takes (a review found 20
      // emoji the most a table's name could hold), and the server refuses a longer one by its field.
      const text = (id: string, value: string, chars: number, set: (v: string) => void, testid?: string) =>
        h('input', { id, type: 'text', maxlength: String(2 * chars), value, 'data-testid': testid ?? null, 'data-key': id, on: { input: (e: Event) => set((e.target as HTMLInputElement).value) } });
      return [
        h('h2', null, 'New table'),
        h(
          'form',
          {
            'data-testid': 'create-form',
            novalidate: true, // the server checks every field and says which one it refused
            on: {
              submit: (e: Event) => {
                e.preventDefault();
                void this.create();
              },
            },
          },
          this.field('guest.name', 'guest-name', 'Your name', text('guest-name', this.name, 24, (x) => (this.name = x), 'guest-name')),
          this.field('variant', 'preset', 'Game', presetSelect),
          h('p', { class: 'small preset-desc', 'data-testid': 'preset-desc' }, p.description),
          this.field('players', 'players', 'Players', playersSelect),
          h('fieldset', { class: 'seats' }, h('legend', null, 'Seats: a human, or a bot and its level'), seatRows),
          options,
          this.field('name', 'table-name', 'Table name (optional)', text('table-name', this.tableName, 40, (x) => (this.tableName = x))),
          this.field(
            'turn_seconds',
            'turn-seconds',
            'Turn timer (seconds, 0 = none)',
            h('input', { id: 'turn-seconds', type: 'number', min: 0, max: 3600, step: 1, value: this.turnSeconds, 'data-key': 'turn-seconds', on: { input: (e: Event) => (this.turnSeconds = (e.target as HTMLInputElement).value) } }),
          ),
          h('div', { class: 'field check' }, h('input', { id: 'public', type: 'checkbox', checked: this.isPublic, 'data-testid': 'public', 'data-key': 'public', on: { change: (e: Event) => (this.isPublic = (e.target as HTMLInputElement).checked) } }), h('label', { for: 'public' }, 'List the table in the lobby (otherwise only the link finds it)')),
          this.error ? h('p', { class: 'notice error', role: 'alert', 'data-testid': 'create-error' }, this.error) : null,
          // aria-disabled while busy, not disabled: a disabled button loses the keyboard focus
          h('button', { type: 'submit', class: 'primary', 'aria-disabled': this.busy ? 'true' : null, 'data-testid': 'create', 'data-key': 'create' }, this.busy ? 'Creating…' : 'Create the table'),
        ),
      ];
    }, ['[data-testid="create"]']);
  }

  // Every 5 s: drawn again only when the tables changed, so that the keyboard's focus on a link, and
  // a screen reader's place, are not disturbed for nothing.
  private renderList(): void {
    const presets = this.variants?.presets.map((p) => p.name) ?? [];
    const shown = JSON.stringify([this.tables, this.total, this.listError, this.filter, presets]);
    if (shown === this.listShown) return;
    this.listShown = shown;
    rerender(this.list, () => {
      const filtered = this.filtered();
      const more =
        this.tables && !this.listError && this.total > this.tables.length
          ? h('p', { class: 'small', 'data-testid': 'list-count' }, `${countText(this.tables.length, this.total, filtered)}: free seats first, the newest first.`)
          : null;
      const rows =
        this.tables === null || this.listError
          ? [h('p', { class: 'small', 'data-testid': 'list-error' }, this.listError ? `The tables could not be listed: ${this.listError}` : 'Loading…')]
          : this.tables.length === 0
            ? [h('p', { class: 'small' }, filtered ? 'No open tables match: show all games, or the games to watch too.' : 'No open tables: create one.')]
            : this.tables.map((t) => {
                const free = t.seats.filter(seatIsFree).length;
                const title = t.name || presetTitle(t.variant);
                const seatsFree = `${free} seat${free === 1 ? '' : 's'} free`;
                const where = t.state === 'waiting' ? seatsFree : `deal ${t.deal + 1}${t.deals ? ` of ${t.deals}` : ''}${free > 0 ? ` · ${seatsFree}` : ''}`;
                return h(
                  'li',
                  { class: 'table-row', 'data-table': t.id },
                  h('span', { class: 'table-title' }, title),
                  // the game's name once (regression: "Oh Hell  Oh Hell · 4 players" for a table with no name)
                  h('span', { class: 'small' }, ` ${t.name ? `${presetTitle(t.variant)} · ` : ''}${t.players} players · ${where}`),
                  // the link names its table: a list of links all named "Join" says nothing
                  h('span', { class: 'row-buttons' }, h('a', { class: 'button', href: `#/table/${t.id}`, 'data-key': `table:${t.id}` }, free > 0 ? 'Join' : 'Watch', h('span', { class: 'visually-hidden' }, ` ${title}`))),
                );
              });
      return [h('h2', { tabindex: '-1' }, 'Open tables'), this.filterBar(presets), more, h('ul', { class: 'tables' }, rows)];
    }, ['h2']);
  }

  // The list's filters: kept as they are when the list is drawn again (data-sig), so that a select
  // the keyboard is on, or open, is left alone; drawn again only when the games to choose come.
  private filterBar(presets: string[]): HTMLElement {
    const variant = h(
      'select',
      { id: 'list-variant', 'data-testid': 'list-variant', 'data-key': 'list-variant', on: { change: (e: Event) => this.setFilter({ variant: (e.target as HTMLSelectElement).value }) } },
      h('option', { value: '', selected: !this.filter.variant }, 'All games'),
      presets.map((name) => h('option', { value: name, selected: name === this.filter.variant }, presetTitle(name))),
    );
    const free = h('input', { id: 'list-free', type: 'checkbox', checked: !!this.filter.free, 'data-testid': 'list-free', 'data-key': 'list-free', on: { change: (e: Event) => this.setFilter({ free: (e.target as HTMLInputElement).checked }) } });
    return h(
      'div',
      { class: 'list-filters', 'data-slot': 'filters', 'data-sig': presets.join(' ') },
      h('label', { for: 'list-variant' }, 'Show'),
      variant,
      h('span', { class: 'list-free' }, free, h('label', { for: 'list-free' }, 'Only tables with a free seat')),
    );
  }

  private renderMine(): void {
    const mine = knownTables();
    rerender(this.mine, () =>
      mine.length === 0
        ? []
        : [
            h('h2', null, 'Your tables'),
            h('ul', { class: 'tables' }, mine.map((t) => {
              const { text, label } = knownTableText(t);
              return h('li', { class: 'table-row' }, h('span', null, text), h('span', { class: 'row-buttons' }, h('a', { class: 'button', href: `#/table/${t.id}`, 'data-key': `mine:${t.id}` }, 'Open', h('span', { class: 'visually-hidden' }, label))));
            })),
          ],
    );
  }
}

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
