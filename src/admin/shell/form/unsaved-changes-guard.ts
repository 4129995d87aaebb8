import { useLayoutEffect } from "react";
import { navigate } from "wouter/use-browser-location";
import { confirmDiscardChanges } from "../overlay/confirm.ts";

/*
 * Unsaved changes are asked about before they are lost (react-admin's `warnWhenUnsavedChanges`, refine's
 * `warnWhenUnsavedChanges`, Filament's `unsavedChangesAlerts()`), but in the app's own dialog rather
 * than `window.confirm`, except where only the browser may ask (closing or reloading the tab).
 *
 * wouter has no blocker API (react-router's `useBlocker` is what react-admin builds on), and the router
 * and the layout are not the forms' to wrap. So the guard listens while a form holds changes:
 *
 * - `click` on `window`, in the capture phase: it runs before React's own listener on the root, so a
 *   click on an in-app link (a wouter `<Link>`: the sidebar, "Go Back", a form's Cancel, a table row) is
 *   stopped before the link navigates. When the admin chooses to discard, the same link is clicked again
 *   with the guard stood aside, so the link does exactly what it would have done (its `replace`, state).
 * - the Navigation API's `navigate` event, for the browser's Back and Forward within the app: it comes
 *   before the address changes and can cancel the step, so the history stays as it was; discarding takes
 *   the same step again. (`popstate` cannot do this: it comes after the change, and wouter's listener,
 *   registered first, has already re-rendered the next screen by then.) A browser without that API, or
 *   a step the browser does not let the page cancel, goes back unasked.
 * - `beforeunload`: closing, reloading, typing another address or Back out of the app get the browser's
 *   own prompt.
 *
 * Programmatic navigation (`navigate()`) is deliberately not guarded, so no navigate needs wrapping:
 * every call in the admin follows a finished action (a save that led to the record, a delete, the end of
 * the session), where asking "discard?" would be wrong. A successful save also makes its form clean
 * (`useFormState`), so nothing asks after it either.
 */

/** Forms on screen that hold unsaved changes (a screen may show several: a user's edit and coins). */
const dirtyForms = new Set<symbol>();
/** True while a navigation the admin agreed to runs: the guard lets it through. */
let standingAside = false;
/** The history entry of a Back or Forward the admin agreed to: that step goes through once. */
let allowedTraversal: string | null = null;

/** The parts of the Navigation API the guard uses (not in every browser, nor in TypeScript's DOM types yet). */
interface NavigationLike extends EventTarget {
  traverseTo(key: string): { committed: Promise<unknown>; finished: Promise<unknown> };
}
interface NavigateEventLike extends Event {
  navigationType: "push" | "replace" | "reload" | "traverse";
  destination: { key: string; url: string; sameDocument: boolean };
}

const navigationApi = (): NavigationLike | undefined =>
  (window as { navigation?: NavigationLike }).navigation;

/** Whether any form on screen holds changes that are not saved. */
export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/** Runs `leave` with the guard out of the way (the admin chose to discard). */
function leaveWithoutAsking(leave: () => void): void {
  standingAside = true;
  try {
    leave();
  } finally {
    standingAside = false;
  }
}

/**
 * The in-app address a click would open, or null when it leaves nothing: not a plain left click (a new
 * tab or window keeps this screen), not on a link, a link to another origin (the page unloads, and
 * `beforeunload` asks), a download, a link into another window, or one to the screen itself.
 */
export function leavingLinkTarget(event: MouseEvent, here: Location | URL): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as Element | null;
  const anchor = typeof target?.closest === "function" ? target.closest("a[href]") : null;
  if (!anchor) return null;
  const windowTarget = anchor.getAttribute("target");
  if ((windowTarget && windowTarget !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.getAttribute("href") ?? "", here.href);
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function onClick(event: MouseEvent): void {
  if (standingAside || !hasUnsavedChanges()) return;
  const to = leavingLinkTarget(event, location);
  if (to === null) return;
  const anchor = (event.target as Element).closest<HTMLElement>("a[href]");
  event.preventDefault();
  event.stopPropagation();
  confirmDiscardChanges(() =>
    leaveWithoutAsking(() => {
      // The link itself, so it navigates as it would have; should it be gone, its address.
      if (anchor?.isConnected) anchor.click();
      else navigate(to);
    }),
  );
}

/** Back and Forward within the app: cancelled, asked about, and taken again when the admin agrees. */
function onNavigate(event: Event): void {
  const { navigationType, destination } = event as NavigateEventLike;
  if (navigationType !== "traverse") return;
  if (destination.key === allowedTraversal) {
    allowedTraversal = null;
    return;
  }
  if (!hasUnsavedChanges() || !event.cancelable || !destination.sameDocument) return;
  const url = new URL(destination.url);
  // Only the fragment moves: the screen stays.
  if (url.pathname === location.pathname && url.search === location.search) return;
  event.preventDefault();
  confirmDiscardChanges(() => {
    allowedTraversal = destination.key;
    const step = navigationApi()?.traverseTo(destination.key);
    // A step that cannot be taken any more (the entry is gone) leaves the admin where they are.
    if (step) void Promise.allSettled([step.committed, step.finished]);
  });
}

function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (!hasUnsavedChanges()) return;
  // Both, for every browser: the standard call and the legacy return value.
  event.preventDefault();
  event.returnValue = "";
}

function listen(): void {
  allowedTraversal = null;
  window.addEventListener("click", onClick, true);
  window.addEventListener("beforeunload", onBeforeUnload);
  navigationApi()?.addEventListener("navigate", onNavigate);
}

function stopListening(): void {
  window.removeEventListener("click", onClick, true);
  window.removeEventListener("beforeunload", onBeforeUnload);
  navigationApi()?.removeEventListener("navigate", onNavigate);
}

/**
 * While `dirty`, leaving the screen asks first: in-app links and Back/Forward in the app's dialog,
 * closing or reloading the tab in the browser's prompt. `useFormState` calls it for every form, with
 * "the values differ from the last loaded or saved ones".
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  // A layout effect: it follows what is on screen. When a saved form navigates to a screen whose chunk
  // is still loading, Suspense keeps the form mounted but hidden until it arrives; React takes down the
  // layout effects of hidden content at once (passive ones stay), so the hidden form asks nothing.
  useLayoutEffect(() => {
    if (!dirty) return;
    const form = Symbol("dirty form");
    if (dirtyForms.size === 0) listen();
    dirtyForms.add(form);
    return () => {
      dirtyForms.delete(form);
      if (dirtyForms.size === 0) stopListening();
    };
  }, [dirty]);
}
