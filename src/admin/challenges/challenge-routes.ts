import type { DashboardPage } from "../shell/lazy-page.ts";

/** The challenges screens under /dashboard; fixed paths ("create") come before parameters (":id"). */
export const challengeRoutes: readonly DashboardPage[] = [];
