import { Suspense } from "react";
import { matchRoute, Route, Switch, useLocation, useRouter } from "wouter";
import { challengeRoutes } from "./challenges/challenge-routes.ts";
import { registerMessages, useT } from "./i18n/intl.ts";
import { LandingPage } from "./pages/landing-page.tsx";
import { LoginPage } from "./pages/login-page.tsx";
import { NotFoundPage } from "./pages/not-found-page.tsx";
import { reportRoutes } from "./reports/report-routes.ts";
import { AuthGuard } from "./shell/auth-guard.tsx";
import { DashboardLayout } from "./shell/dashboard-layout.tsx";
import { type DashboardPage, lazyPage } from "./shell/lazy-page.ts";
import { registerPrefetchPages } from "./shell/route-prefetch.ts";
import { skillRoutes } from "./skills/skill-routes.ts";

// Dashboard screens are lazy chunks: the sign-in route (the measured one) never downloads them.

/**
 * An area's screens together with its texts: each screen's chunk waits for the area's message chunk,
 * which registers both languages, so neither is on the sign-in route.
 */
function withMessages(pages: readonly DashboardPage[], loadMessages: () => Promise<void>): DashboardPage[] {
  // Once per area: registering again would make every formatter parse its catalogue again.
  let registered: Promise<void> | null = null;
  const load = () => {
    registered ??= loadMessages().catch((error: unknown) => {
      registered = null;
      throw error;
    });
    return registered;
  };
  return pages.map(({ path, page }) => ({
    path,
    page: lazyPage(async () => (await Promise.all([load(), page.load()]))[1]),
  }));
}

const challengeArea = withMessages(challengeRoutes, () =>
  import("./challenges/challenge-messages.ts").then((m) =>
    registerMessages(m.challengeMessagesEnUS, m.challengeMessagesDe),
  ),
);
const skillArea = withMessages(skillRoutes, () =>
  import("./skills/skill-messages.ts").then((m) => registerMessages(m.skillMessagesEnUS, m.skillMessagesDe)),
);
const loadReportMessages = () =>
  import("./reports/report-messages.ts").then((m) =>
    registerMessages(m.reportMessagesEnUS, m.reportMessagesDe),
  );
const reportArea = withMessages(reportRoutes, loadReportMessages);
// The home's chart names report reasons with the reports screens' own labels.
const dashboardHome = withMessages(
  [{ path: "/dashboard", page: lazyPage(() => import("./dashboard/dashboard-home-page.tsx")) }],
  () =>
    Promise.all([
      loadReportMessages(),
      import("./dashboard/dashboard-messages.ts").then((m) =>
        registerMessages(m.dashboardMessagesEnUS, m.dashboardMessagesDe),
      ),
    ]).then(() => undefined),
);

const recordsArea = withMessages(
  [
    { path: "/dashboard/users", page: lazyPage(() => import("./users/user-list-page.tsx")) },
    { path: "/dashboard/users/:id", page: lazyPage(() => import("./users/user-detail-page.tsx")) },
    { path: "/dashboard/jobs", page: lazyPage(() => import("./jobs/job-list-page.tsx")) },
    // "create" before ":id", so it is not read as a job id.
    { path: "/dashboard/jobs/create", page: lazyPage(() => import("./jobs/job-form-page.tsx")) },
    { path: "/dashboard/jobs/:id/edit", page: lazyPage(() => import("./jobs/job-form-page.tsx")) },
    { path: "/dashboard/jobs/:id", page: lazyPage(() => import("./jobs/job-detail-page.tsx")) },
    { path: "/dashboard/companies", page: lazyPage(() => import("./companies/company-list-page.tsx")) },
    // One form for create and edit; "create" and ":id/edit" before ":id", as for the jobs.
    {
      path: "/dashboard/companies/create",
      page: lazyPage(() => import("./companies/company-form-page.tsx")),
    },
    {
      path: "/dashboard/companies/:id/edit",
      page: lazyPage(() => import("./companies/company-form-page.tsx")),
    },
    { path: "/dashboard/companies/:id", page: lazyPage(() => import("./companies/company-detail-page.tsx")) },
  ],
  () =>
    import("./i18n/records-messages.ts").then((m) =>
      registerMessages(m.recordsMessagesEnUS, m.recordsMessagesDe),
    ),
);

const dashboardPages: readonly DashboardPage[] = [
  ...dashboardHome,
  ...recordsArea,
  ...challengeArea,
  ...skillArea,
  ...reportArea,
];

registerPrefetchPages(dashboardPages);

function PageFallback() {
  const { t } = useT();
  return (
    <p className="subtle" role="status">
      {t("loading.page")}
    </p>
  );
}

/**
 * Every /dashboard route: auth check, then the dashboard layout around the lazy page. The layout stays
 * mounted from one dashboard screen to the next; a path no screen matches gets the 404 page.
 */
function DashboardRoutes() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const known = dashboardPages.some(({ path }) => matchRoute(parser, path, location)[0]);
  return (
    <AuthGuard>
      {known ? (
        <DashboardLayout>
          <Suspense fallback={<PageFallback />}>
            <Switch>
              {dashboardPages.map(({ path, page }) => (
                <Route key={path} path={path} component={page} />
              ))}
            </Switch>
          </Suspense>
        </DashboardLayout>
      ) : (
        <NotFoundPage />
      )}
    </AuthGuard>
  );
}

/** Routes of the admin SPA (spec §2). Entity screens arrive in later steps of issue 6. */
export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/login" component={LoginPage} />
      {/* One route for the whole area, so the layout stays mounted between dashboard screens. */}
      <Route path="/dashboard/*?" component={DashboardRoutes} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
