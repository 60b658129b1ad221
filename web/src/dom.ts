// A small element builder: text is always set as text (names come from other players).
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
        for (const [ev, fn] of Object.entries(v as Record<string, (e: Event) => void>))
          el.addEventListener(ev, fn);
      } else if (k === 'value' && 'value' in el) {
        (el as unknown as { value: string }).value = String(v);
      } else if (k === 'checked' && el instanceof HTMLInputElement) {
        el.checked = !!v;
      } else if (k === 'selected' && el instanceof HTMLOptionElement) {
        el.selected = !!v;
      } else if (k === 'disabled' && 'disabled' in el) {
        (el as unknown as { disabled: boolean }).disabled = !!v;
      } else {
        el.setAttribute(k, v === true ? '' : String(v));
      }
    }
  }
  for (const c of children) append(el, c);
  return el;
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
// same data-key (cards and buttons are rebuilt on every state).
export function rerender(root: Element, build: () => Child): void {
  const active = document.activeElement as HTMLElement | null;
  const key = active && root.contains(active) ? active.getAttribute('data-key') : null;
  clear(root);
  append(root, build());
  if (key) {
    // the same card or button; else (the card was played) the first of its kind
    const kind = key.slice(0, key.indexOf(':') + 1);
    const again =
      root.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`) ??
      (kind ? root.querySelector<HTMLElement>(`[data-key^="${CSS.escape(kind)}"]`) : null);
    again?.focus();
  }
}
