// A small element builder: text is always set as text (names come from other players); and how the
// pages are drawn again (rerender) and tell screen readers things (announce).
type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, unknown> & {
  class?: string | (string | false | null | undefined)[];
  on?: Partial<Record<keyof HTMLElementEventMap, (e: Event) => void>>;
};

function append(el: Element, c: Child): void {
  if (c === null || c === undefined || c === false) return;
  if (Array.isArray(c)) {
    for (const x of c) append(el, x);
    return;
  }
  el.append(c instanceof Node ? c : document.createTextNode(String(c)));
}

// What h() gave an element beyond its attributes: listeners, and properties that are not
// attributes (a field's value, a box's checked). Such an element cannot be updated in place from a
// fresh one by copying attributes, and is not kept across renders unless what it shows is the same
// (patch, keptPath).
const withListeners = new WeakSet<Element>();
const withProperties = new WeakSet<Element>();

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') {
        el.className = Array.isArray(v) ? v.filter(Boolean).join(' ') : String(v);
      } else if (k === 'on') {
        for (const [ev, fn] of Object.entries(v as Record<string, (e: Event) => void>)) {
          if (!fn) continue;
          el.addEventListener(ev, fn);
          withListeners.add(el);
        }
      } else if (k === 'value' && 'value' in el) {
        (el as unknown as { value: string }).value = String(v);
        withProperties.add(el);
      } else if (k === 'checked' && el instanceof HTMLInputElement) {
        el.checked = !!v;
        withProperties.add(el);
      } else if (k === 'selected' && el instanceof HTMLOptionElement) {
        el.selected = !!v;
        withProperties.add(el);
      } else if (k === 'disabled' && 'disabled' in el) {
        (el as unknown as { disabled: boolean }).disabled = !!v;
        withProperties.add(el);
      } else {
        el.setAttribute(k, v === true ? '' : String(v));
      }
    }
  }
  for (const c of children) append(el, c);
  return el;
}

// Whether `el` is only its attributes and children, so that it may be updated in place.
function plain(el: Element): boolean {
  return !withListeners.has(el) && !withProperties.has(el);
}

// Sets a live region's text so that a screen reader says it: a region whose text does not change is
// not read again, so the same words again are emptied first and set a moment later (a second card
// refused for the same reason, "Your turn" at the next trick). Returns the timer of that refill
// (undefined when the text was set at once), and calls `filled` once it has run.
export const ANNOUNCE_GAP_MS = 150;

export function announce(el: Element, text: string, filled?: () => void): number | undefined {
  if (el.textContent !== text || text === '') {
    if (el.textContent !== text) el.textContent = text;
    return undefined;
  }
  el.textContent = '';
  return window.setTimeout(() => {
    if (el.textContent !== text) el.textContent = text;
    filled?.();
  }, ANNOUNCE_GAP_MS);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svg(tag: string, attrs?: Record<string, string | number>, ...children: (Node | string)[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag);
  if (attrs) for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

// Re-render `root`'s contents with `build`, keeping the keyboard focus on the element with the
// same data-key (cards and buttons are rebuilt on every state). Where that element is gone, the
// focus goes to a neighbour of its kind (the card beside a played card), else to the first of
// `fallbacks` (selectors, in order) found, so that it never drops to <body> (an audit found it lost
// after most table actions). A text field keeps its caret and what is being typed in it.
//
// The focused element itself is kept, not rebuilt, when it is unchanged (the same markup) and the
// containers around it are the same tags with no listeners or properties (keptPath): a rebuilt
// one took the focus again at every state, and screen readers said it again ("Kitchen, heading
// level 1" after every card played). A kept element keeps the listeners of the render that made it,
// so a listener must read what it needs when it runs, not hold values or elements of its render.
//
// Two attributes keep parts of the old tree instead of replacing them, so that an open <select>
// stays open and a field being typed in is left alone (a rebuilt element is a new one):
//   data-slot="name"  a container kept across renders among its siblings: its attributes and
//                     children are updated. It must be a plain container: one given listeners or
//                     properties (value, checked, selected, disabled) by h() cannot be updated by
//                     copying attributes, so it is replaced (and said on the console: a bug).
//   data-sig="…"      with data-slot: when the signature is the same, the old element is kept as
//                     it is, everything in it included (their listeners too, as above): the
//                     signature must hold all that the part shows.
// Limits: slots are matched by name among the children of one parent (a slot that moves to another
// parent is a new one), and slots whose order changes are moved, which drops the focus inside them
// (it is then put back by data-key, as for a rebuilt element).
export function rerender(root: Element, build: () => Child, fallbacks: string[] = []): void {
  const active = document.activeElement as HTMLElement | null;
  const inside = !!active && active !== root && root.contains(active);
  const key = inside ? active.getAttribute('data-key') : null;
  const kind = key ? key.slice(0, key.indexOf(':') + 1) : '';
  const index = kind ? [...root.querySelectorAll(`[data-key^="${CSS.escape(kind)}"]`)].indexOf(active!) : -1;
  const field = inside && (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) ? textState(active) : null;
  const fresh = document.createElement(root.tagName);
  append(fresh, build());
  patch(root, fresh, key ? keptPath(root, fresh, active!, key) : NOTHING_KEPT);
  if (!inside || root.contains(document.activeElement)) {
    if (field && document.activeElement instanceof HTMLElement) restoreText(document.activeElement, field);
    return;
  }
  let again = key ? root.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`) : null;
  if (!again && kind) {
    // the card or button beside the one that went (the last of its kind when it was the last)
    const same = root.querySelectorAll<HTMLElement>(`[data-key^="${CSS.escape(kind)}"]`);
    again = same[Math.min(Math.max(index, 0), same.length - 1)] ?? null;
  }
  for (const sel of fallbacks) again ??= root.querySelector<HTMLElement>(sel);
  again?.focus();
  if (again && field && again.getAttribute('data-key') === key) restoreText(again, field);
}

// The focused element, and the fresh elements that are to be old ones (fresh → old): the focused
// element, when the fresh tree has one of its data-key with the same markup and no properties (a
// field's value is not in its markup), and each container up to the root, when they are the same
// tags at the same depth with no listeners or properties (they are updated in place). Nothing when
// any of that fails.
interface KeptPath {
  focused: Element | null;
  pairs: Map<Element, Element>;
}

const NOTHING_KEPT: KeptPath = { focused: null, pairs: new Map() };

function keptPath(root: Element, fresh: Element, active: Element, key: string): KeptPath {
  const twin = fresh.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (!twin || twin.outerHTML !== active.outerHTML) return NOTHING_KEPT;
  if (!plainProps(twin) || [...twin.querySelectorAll('*')].some((e) => !plainProps(e))) return NOTHING_KEPT;
  const pairs = new Map<Element, Element>([[twin, active]]);
  let n = twin.parentElement;
  let o = active.parentElement;
  for (; n && o && n !== fresh && o !== root; n = n.parentElement, o = o.parentElement) {
    if (n.tagName !== o.tagName || n.getAttribute('data-slot') !== o.getAttribute('data-slot') || !plain(n) || !plain(o)) return NOTHING_KEPT;
    pairs.set(n, o);
  }
  return n === fresh && o === root ? { focused: active, pairs } : NOTHING_KEPT;
}

function plainProps(el: Element): boolean {
  return !withProperties.has(el);
}

interface TextState {
  value: string;
  start: number | null;
  end: number | null;
}

function textState(e: HTMLInputElement | HTMLTextAreaElement): TextState {
  try {
    return { value: e.value, start: e.selectionStart, end: e.selectionEnd };
  } catch {
    return { value: e.value, start: null, end: null }; // a type without a caret (number)
  }
}

// What the user typed wins over the value rebuilt from the page's state, and the caret stays where
// it was (regression: typing in a field as the board was redrawn put the caret at the end).
function restoreText(e: HTMLElement, s: TextState): void {
  if (!(e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement)) return;
  if (e.value !== s.value) e.value = s.value;
  if (s.start === null || s.end === null) return;
  try {
    e.setSelectionRange(s.start, s.end);
  } catch {
    // a type without a caret
  }
}

// Makes `old`'s children those of `fresh`, keeping the slots (see rerender) and the focused
// element's path (`kept`) in place: they are never taken out of the document, which would close a
// menu and drop the focus.
function patch(old: Element, fresh: Element, kept: KeptPath): void {
  const slots = new Map<string, Element>();
  for (const c of old.children) {
    const s = c.getAttribute('data-slot');
    if (s) slots.set(s, c);
  }
  const next: Node[] = [...fresh.childNodes].map((n) => {
    if (!(n instanceof Element)) return n;
    const s = n.getAttribute('data-slot');
    let o = s ? slots.get(s) : undefined;
    if (o && o.tagName === n.tagName) {
      slots.delete(s!);
      const sig = n.getAttribute('data-sig');
      if (sig !== null && o.getAttribute('data-sig') === sig) return o;
      if (!plain(n) || !plain(o)) {
        console.error(`dom: the slot "${s}" has listeners or properties: replaced, not updated`);
        return n;
      }
    } else {
      o = kept.pairs.get(n);
      if (!o || o.parentNode !== old) return n;
      if (o === kept.focused) return o;
    }
    for (const a of [...o.attributes]) if (!n.hasAttribute(a.name)) o.removeAttribute(a.name);
    for (const a of [...n.attributes]) if (o.getAttribute(a.name) !== a.value) o.setAttribute(a.name, a.value);
    patch(o, n, kept);
    return o;
  });
  const keep = new Set(next);
  for (const c of [...old.childNodes]) if (!keep.has(c)) old.removeChild(c);
  next.forEach((n, k) => {
    const at = old.childNodes[k];
    if (at !== n) old.insertBefore(n, at ?? null);
  });
}
