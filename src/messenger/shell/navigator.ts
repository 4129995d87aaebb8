import { type Screen, type Tab, tabOf, tabScreens } from "./screens.ts";

/**
 * The messenger's navigation: a stack of screens with back and forward, like a phone app's. The top
 * of the stack is what shows. The tab bar's tabs are stack roots; screens inside a tab are pushed on
 * top. A screen the host asks for (`start-feedbackflow`, `open-news-article`, …) opens above the home
 * screen, or alone when the host hides the back button.
 *
 * Plain state and listeners (for `useSyncExternalStore`), so tests drive it without React.
 */
export interface NavEntry {
  screen: Screen;
  /** The host opened this screen with `hideBackButton`: the visitor cannot leave it by going back. */
  hideBackButton: boolean;
  /** Unique per visit: a screen opened twice is mounted afresh. */
  id: number;
}

export interface NavState {
  stack: NavEntry[];
  /** Entries left with Back, most recent last; a new push clears it. */
  forward: NavEntry[];
}

export interface Navigator {
  get(): NavState;
  subscribe(listener: () => void): () => void;
  /** The entry that shows. */
  current(): NavEntry;
  /** Opens a screen on top of the current one. */
  push(screen: Screen): void;
  /** Replaces the current screen (a flow's "start another", a redirect). */
  replace(screen: Screen): void;
  /** Back to the previous screen; false when there is none (or the back button is hidden). */
  back(): boolean;
  /** Undoes the last Back; false when there is nothing to redo. */
  forward(): boolean;
  canGoBack(): boolean;
  /** A tab of the tab bar: its root screen alone on the stack. */
  openTab(tab: Tab): void;
  /** A screen requested by the host page. */
  openFromHost(screen: Screen, hideBackButton: boolean): void;
  /** Back to the home screen alone (a cleared session). */
  reset(): void;
}

export function createNavigator(start: Screen = { name: "home" }): Navigator {
  let nextId = 1;
  const entry = (screen: Screen, hideBackButton = false): NavEntry => ({
    screen,
    hideBackButton,
    id: nextId++,
  });
  let state: NavState = { stack: [entry(start)], forward: [] };
  const listeners = new Set<() => void>();
  const set = (next: NavState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const current = () => state.stack[state.stack.length - 1] as NavEntry;
  const canGoBack = () => state.stack.length > 1 && !current().hideBackButton;

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current,
    push(screen) {
      set({ stack: [...state.stack, entry(screen)], forward: [] });
    },
    replace(screen) {
      set({ stack: [...state.stack.slice(0, -1), entry(screen, current().hideBackButton)], forward: [] });
    },
    back() {
      if (!canGoBack()) return false;
      set({ stack: state.stack.slice(0, -1), forward: [...state.forward, current()] });
      return true;
    },
    forward() {
      const next = state.forward[state.forward.length - 1];
      if (!next) return false;
      set({ stack: [...state.stack, next], forward: state.forward.slice(0, -1) });
      return true;
    },
    canGoBack,
    openTab(tab) {
      if (state.stack.length === 1 && tabOf(current().screen) === tab) return;
      set({ stack: [entry(tabScreens[tab])], forward: [] });
    },
    openFromHost(screen, hideBackButton) {
      const root = tabOf(screen) !== null || hideBackButton ? [] : [entry({ name: "home" })];
      set({ stack: [...root, entry(screen, hideBackButton)], forward: [] });
    },
    reset() {
      set({ stack: [entry({ name: "home" })], forward: [] });
    },
  };
}
