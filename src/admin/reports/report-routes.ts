import type { DashboardPage } from "../shell/lazy-page.ts";

/** The reports screens under /dashboard; fixed paths ("create") come before parameters (":id"). */
export const reportRoutes: readonly DashboardPage[] = [];
