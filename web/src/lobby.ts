// The lobby: your name, a new table (preset, players, seats, options with their defaults), the
// public tables to join or watch, and the tables you sat at.
import { api, ApiError } from './api';
import { h, rerender } from './dom';
import { ensureGuest, knownTables, randomGuestName, rememberTable, storedGuest } from './storage';
import type { Summary } from './types';
import { PRESETS } from './variants.gen';
import {
  changedOptions,
  plainChoices,
  presetTitle,
  seatChoices,
  suggestions,
  type Preset,
} from './variants';

const REFRESH_MS = 5000;

export class LobbyPage {
  private preset: Preset = PRESETS[0];
  private players = PRESETS[0].players.default;
  private seats: string[] = [];
  private optionValues: Record<string, string> = {};
  private name: string;
  private tableName = '';
  private isPublic = true;
  private turnSeconds = 0;
  private tables: Summary[] | null = null;
  private error = '';
  private busy = false;
  private timer: number | undefined;
  private readonly form = h('div', { class: 'create' });
  private readonly list = h('div', { class: 'open-tables' });
  private readonly mine = h('div', { class: 'my-tables' });

  constructor(private readonly root: HTMLElement) {
    this.name = storedGuest()?.name ?? randomGuestName();
    this.setPreset(PRESETS[0]);
  }

  mount(): void {
    this.root.dataset.page = 'lobby';
    delete this.root.dataset.state;
    delete this.root.dataset.turn;
    this.root.replaceChildren(
      h('header', { class: 'lobby-head' }, h('h1', null, 'Whist'), h('p', null, 'Romanian, Serbian, Israeli, Call-Ace whist and Oh Hell: play with friends or bots.')),
      h('div', { class: 'lobby' }, this.form, h('div', null, this.list, this.mine)),
    );
    this.renderForm();
    this.renderMine();
    void this.refresh();
    this.timer = window.setInterval(() => void this.refresh(), REFRESH_MS);
  }

  destroy(): void {
    window.clearInterval(this.timer);
  }

  private setPreset(p: Preset): void {
    this.preset = p;
    this.players = p.players.default;
    this.optionValues = Object.fromEntries(p.options.map((o) => [o.name, o.default]));
    this.resetSeats();
  }

  private resetSeats(): void {
    this.seats = Array.from({ length: this.players }, (_, k) => this.seats[k] ?? (k === 0 ? 'human' : 'expert:normal'));
    this.seats[0] = this.seats[0] ?? 'human';
  }

  private async refresh(): Promise<void> {
    try {
      this.tables = (await api.listTables()).tables;
    } catch {
      this.tables = null;
    }
    this.renderList();
  }

  private async create(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.error = '';
    this.renderForm();
    try {
      const g = await ensureGuest(this.name);
      this.name = g.name;
      const r = await api.createTable({
        token: g.token,
        variant: this.preset.name,
        players: this.players,
        options: changedOptions(this.preset, this.optionValues),
        seats: this.seats,
        public: this.isPublic,
        ...(this.tableName.trim() ? { name: this.tableName.trim() } : {}),
        ...(this.turnSeconds > 0 ? { turn_seconds: this.turnSeconds } : {}),
      });
      const first = this.seats.indexOf('human');
      if (first >= 0) {
        await api.join(r.id, g.token, first);
        rememberTable({ id: r.id, token: g.token, seat: first, variant: this.preset.name });
      }
      location.hash = `#/table/${r.id}`;
    } catch (e) {
      this.error = e instanceof ApiError ? e.message : String(e);
    } finally {
      this.busy = false;
      this.renderForm();
    }
  }

  private renderForm(): void {
    rerender(this.form, () => {
      const p = this.preset;
      const presetSelect = h(
        'select',
        {
          id: 'preset',
          'data-testid': 'preset',
          on: {
            change: (e: Event) => {
              this.setPreset(PRESETS.find((x) => x.name === (e.target as HTMLSelectElement).value)!);
              this.renderForm();
            },
          },
        },
        PRESETS.map((x) => h('option', { value: x.name, selected: x.name === p.name }, presetTitle(x.name))),
      );
      const playersSelect = h(
        'select',
        {
          id: 'players',
          'data-testid': 'players',
          on: {
            change: (e: Event) => {
              this.players = Number((e.target as HTMLSelectElement).value);
              this.resetSeats();
              this.renderForm();
            },
          },
        },
        range(p.players.min, p.players.max).map((n) => h('option', { value: n, selected: n === this.players }, String(n))),
      );
      const choices = seatChoices();
      const seatRows = this.seats.map((s, k) =>
        h(
          'div',
          { class: 'field' },
          h('label', { for: `seat-${k}` }, `Seat ${k + 1}`),
          h(
            'select',
            {
              id: `seat-${k}`,
              'data-testid': `seat-${k}`,
              on: { change: (e: Event) => (this.seats[k] = (e.target as HTMLSelectElement).value) },
            },
            choices.map((c) => h('option', { value: c.value, selected: c.value === s }, c.label)),
          ),
        ),
      );
      const optionRows = p.options.map((o) => {
        const id = `opt-${o.name}`;
        const value = this.optionValues[o.name] ?? o.default;
        const set = (e: Event) => (this.optionValues[o.name] = (e.target as HTMLInputElement | HTMLSelectElement).value);
        let input: HTMLElement;
        const plain = plainChoices(o);
        if (plain) {
          input = h('select', { id, 'data-option': o.name, on: { change: set } }, plain.map((v) => h('option', { value: v, selected: v === value }, v === o.default ? `${v} (default)` : v)));
        } else if (o.range) {
          input = h('input', { id, type: 'number', min: o.range[0], max: o.range[1], value, 'data-option': o.name, on: { input: set } });
        } else {
          const listId = `${id}-list`;
          input = h(
            'span',
            null,
            h('input', { id, type: 'text', value, list: listId, 'data-option': o.name, on: { input: set } }),
            h('datalist', { id: listId }, suggestions(o).map((v) => h('option', { value: v }))),
          );
        }
        return h(
          'div',
          { class: 'field option' },
          h('label', { for: id }, o.name.replace(/_/g, ' ')),
          input,
          h('small', null, `${o.description} (default ${o.default})`),
        );
      });
      return [
        h('h2', null, 'New table'),
        h(
          'form',
          {
            'data-testid': 'create-form',
            on: {
              submit: (e: Event) => {
                e.preventDefault();
                void this.create();
              },
            },
          },
          h('div', { class: 'field' }, h('label', { for: 'guest-name' }, 'Your name'), h('input', { id: 'guest-name', type: 'text', maxlength: '24', required: true, value: this.name, 'data-testid': 'guest-name', on: { input: (e: Event) => (this.name = (e.target as HTMLInputElement).value) } })),
          h('div', { class: 'field' }, h('label', { for: 'preset' }, 'Game'), presetSelect),
          h('p', { class: 'small preset-desc' }, p.description),
          h('div', { class: 'field' }, h('label', { for: 'players' }, 'Players'), playersSelect),
          h('fieldset', { class: 'seats' }, h('legend', null, 'Seats: a human, or a bot and its level'), seatRows),
          h('details', { class: 'options' }, h('summary', null, `Rules options (${p.options.length}, defaults shown)`), optionRows),
          h('div', { class: 'field' }, h('label', { for: 'table-name' }, 'Table name (optional)'), h('input', { id: 'table-name', type: 'text', maxlength: '40', value: this.tableName, on: { input: (e: Event) => (this.tableName = (e.target as HTMLInputElement).value) } })),
          h('div', { class: 'field' }, h('label', { for: 'turn-seconds' }, 'Turn timer (seconds, 0 = none)'), h('input', { id: 'turn-seconds', type: 'number', min: 0, max: 3600, value: this.turnSeconds, on: { input: (e: Event) => (this.turnSeconds = Number((e.target as HTMLInputElement).value) || 0) } })),
          h('div', { class: 'field check' }, h('input', { id: 'public', type: 'checkbox', checked: this.isPublic, 'data-testid': 'public', on: { change: (e: Event) => (this.isPublic = (e.target as HTMLInputElement).checked) } }), h('label', { for: 'public' }, 'List the table in the lobby (otherwise only the link finds it)')),
          this.error ? h('p', { class: 'notice error', role: 'alert' }, this.error) : null,
          h('button', { type: 'submit', class: 'primary', disabled: this.busy, 'data-testid': 'create' }, this.busy ? 'Creating…' : 'Create the table'),
        ),
      ];
    });
  }

  private renderList(): void {
    rerender(this.list, () => {
      const rows =
        this.tables === null
          ? [h('p', { class: 'small' }, 'The server cannot be reached.')]
          : this.tables.length === 0
            ? [h('p', { class: 'small' }, 'No open tables: create one.')]
            : this.tables.map((t) => {
                const humans = t.seats.filter((s) => s.kind === 'human');
                const free = humans.filter((s) => !s.name).length;
                return h(
                  'li',
                  { class: 'table-row', 'data-table': t.id },
                  h('span', { class: 'table-title' }, t.name || presetTitle(t.variant)),
                  h('span', { class: 'small' }, ` ${presetTitle(t.variant)} · ${t.players} players · ${t.state === 'waiting' ? `${free} seat${free === 1 ? '' : 's'} free` : `deal ${t.deal + 1}${t.deals ? ` of ${t.deals}` : ''}`}`),
                  h('span', { class: 'row-buttons' }, h('a', { class: 'button', href: `#/table/${t.id}` }, t.state === 'waiting' && free > 0 ? 'Join' : 'Watch')),
                );
              });
      return [h('h2', null, 'Open tables'), h('ul', { class: 'tables' }, rows)];
    });
  }

  private renderMine(): void {
    const mine = knownTables();
    rerender(this.mine, () =>
      mine.length === 0
        ? []
        : [
            h('h2', null, 'Your tables'),
            h('ul', { class: 'tables' }, mine.map((t) =>
              h('li', { class: 'table-row' }, h('span', null, `${presetTitle(t.variant)} · seat ${t.seat + 1} · ${new Date(t.at).toLocaleString()}`), h('span', { class: 'row-buttons' }, h('a', { class: 'button', href: `#/table/${t.id}` }, 'Open'))),
            )),
          ],
    );
  }
}

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
