import type { DashboardPage } from "../shell/lazy-page.ts";

/** The skills screens under /dashboard; fixed paths ("create") come before parameters (":id"). */
export const skillRoutes: readonly DashboardPage[] = [];
