/*
 * Focus after an in-app navigation: the new screen's `<h1>` takes the focus, so a
 * keyboard user starts reading there and a screen reader announces the new screen, as after a page load.
 *
 * - Only a new path counts: a list's search, filters and pages change the query string alone, and the
 *   admin keeps typing where they are. The first page load moves nothing (focus stays at the start).
 * - A push or Back/Forward asks for the move; a replace (a redirect such as /login to the dashboard)
 *   only carries an open request on to its new path, so a redirect on load moves nothing either.
 * - The heading takes the focus when it appears (a detail screen's only after its record has loaded),
 *   unless the admin has meanwhile put the focus somewhere else.
 */

/** The path on screen; wouter's patched history fires `pushState` and `replaceState` after each change. */
let shown = location.pathname;
/** The move asked for: the path it is for, and what had the focus when it was asked. */
let pending: { path: string; from: Element | null } | null = null;
/** A heading that could not take the focus yet (a modal drawer made the page inert). */
let waiting: HTMLElement | null = null;

function moved(replaced: boolean): void {
  const path = location.pathname;
  if (path === shown) return;
  shown = path;
  waiting = null;
  if (!replaced) pending = { path, from: document.activeElement };
  else if (pending) pending.path = path;
}

window.addEventListener("pushState", () => moved(false));
window.addEventListener("popstate", () => moved(false));
window.addEventListener("replaceState", () => moved(true));

function take(heading: HTMLElement): void {
  heading.focus({ preventScroll: true });
  if (document.activeElement === heading) pending = waiting = null;
  else waiting = heading;
}

/** A screen heading's ref: takes the focus when it arrives after a navigation to its path. */
export function focusIfArrived(heading: HTMLElement | null): void {
  if (!heading || pending?.path !== location.pathname) return;
  const active = document.activeElement;
  if (!active || active === document.body || active === pending.from) take(heading);
}

/**
 * For a modal that closed because of the navigation (the menu drawer gives the focus back to its
 * button): the new screen's heading takes the focus from `element`, now or when it appears.
 */
export function handOver(element: Element | null): void {
  if (!pending) return;
  pending.from = element;
  if (waiting?.isConnected) take(waiting);
}
