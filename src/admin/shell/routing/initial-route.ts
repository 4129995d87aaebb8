import { loadDashboardRoutes } from "./dashboard-chunk.ts";

/** How long the first render waits for a screen's code before it shows the loading state instead. */
export const initialRouteWaitMs = 1500;

/**
 * A page load at a dashboard address: starts the dashboard's chunk, which starts the screen's code and
 * first requests as soon as it runs (dashboard-routes.tsx `startInitialPage`, for whoever may open the
 * screen), so none waits for a render. Settles once the screen's code is there, so that the first
 * render draws the screen without a loading state between (lazy-page.ts says why that matters); after
 * `waitMs` (a slow network: the loading state shows then, as before) or on a failure (the route's own
 * loading reports it) too. Anywhere else it settles at once. Kept small: it is in the sign-in route's
 * entry, under that route's budget.
 */
export async function initialRouteReady(waitMs = initialRouteWaitMs): Promise<void> {
  if (!/^\/dashboard(\/|$)/.test(location.pathname)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    loadDashboardRoutes()
      .then((routes) => routes.startInitialPage())
      .catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
}
