import { startEarly } from "../api/early-requests.ts";
import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";
import { inboxListUrl } from "./inbox-list-query.ts";
import { inboxListApiPath, reportApiPath } from "./inbox-request-paths.ts";

/**
 * The feedback inbox's screens under /dashboard. Opened by address, each starts the request its content
 * waits for (the list's page, the report) while its code loads.
 */
export const inboxRoutes: readonly DashboardPage[] = [
  {
    path: "/dashboard/inbox",
    page: lazyPage(() => import("./inbox-list-page.tsx")),
    startData: (_params, search) => startEarly(inboxListApiPath(inboxListUrl.parse(search))),
  },
  {
    path: "/dashboard/inbox/:id",
    page: lazyPage(() => import("./inbox-detail-page.tsx")),
    // Opening a report marks it read: this is the screen's own request, made earlier, never a second.
    startData: ({ id }) => {
      if (id) startEarly(reportApiPath(id));
    },
  },
];
