// The client's entry: hash routes #/ (lobby), #/table/ID, #/replay/ID.
import './style.css';
import { LobbyPage } from './lobby';
import { ReplayPage } from './replay';
import { parseRoute } from './route';
import { TablePage } from './table';

interface Page {
  mount(): void;
  destroy(): void;
}

const app = document.getElementById('app')!;
let page: Page | null = null;

function route(moved: boolean): void {
  page?.destroy();
  const r = parseRoute(location.hash);
  page = r.kind === 'table' ? new TablePage(app, r.id) : r.kind === 'replay' ? new ReplayPage(app, r.id) : new LobbyPage(app);
  page.mount();
  window.scrollTo(0, 0);
  // The new page's heading takes the focus (tabindex -1), so that the keyboard starts at its top and
  // a screen reader says where it is (regression: the focus dropped to <body>, the page unnamed).
  if (moved) app.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
}

window.addEventListener('hashchange', () => route(true));
route(false);
