import { Suspense } from "react";
import { matchRoute, Route, Switch, useLocation, useRouter } from "wouter";
import { botRoutes } from "./bots/bot-routes.ts";
import { challengeRoutes } from "./challenges/challenge-routes.ts";
import { contentRoutes } from "./content/content-routes.ts";
import { conversationRoutes } from "./conversations/conversation-routes.ts";
import { featureRequestRoutes } from "./feature-requests/feature-request-routes.ts";
import { helpRoutes } from "./help/help-routes.ts";
import { registerMessages } from "./i18n/intl.ts";
import { inboxRoutes } from "./inbox/inbox-routes.ts";
import { NotFoundPage } from "./pages/not-found-page.tsx";
import { projectRoutes } from "./projects/project-routes.ts";
import { reportRoutes } from "./reports/report-routes.ts";
import { savedReplyRoutes } from "./saved-replies/saved-reply-routes.ts";
import { sessionState } from "./session/session-store.ts";
import { DashboardLayout } from "./shell/layout/dashboard-layout.tsx";
import { PageFallback } from "./shell/layout/page-fallback.tsx";
import { AuthGuard } from "./shell/routing/auth-guard.tsx";
import { dashboardAccess } from "./shell/routing/dashboard-access.ts";
import { type DashboardPage, lazyPage } from "./shell/routing/lazy-page.ts";
import { parseRoutePattern } from "./shell/routing/route-pattern.ts";
import { registerPrefetchPages } from "./shell/routing/route-prefetch.ts";
import { skillRoutes } from "./skills/skill-routes.ts";
import { teamRoutes } from "./team/team-routes.ts";

/**
 * The signed-in side of the admin: every dashboard area's route table, the layout and the auth check.
 * One lazy chunk (admin-routes.tsx loads it), so the sign-in route (100 KB budget) never downloads the
 * route tables, the navigation or the layout; the login form starts fetching it when it is sent.
 */

/**
 * An area's screens together with its texts: each screen's chunk waits for the area's message chunks
 * (`loads`, started together), which register both languages, so neither is on the sign-in route.
 */
function withMessages(
  pages: readonly DashboardPage[],
  ...loads: (() => Promise<unknown>)[]
): DashboardPage[] {
  // Once per area: registering again would make every formatter parse its catalogue again.
  let registered: Promise<unknown> | null = null;
  const load = () => {
    registered ??= Promise.all(loads.map((each) => each())).catch((error: unknown) => {
      registered = null;
      throw error;
    });
    return registered;
  };
  return pages.map(({ page, ...route }) => ({
    ...route,
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
// Outbound content links its own stylesheet (content-stylesheet.ts), kept off the sign-in route.
const contentArea = withMessages(
  contentRoutes,
  () =>
    import("./content/content-messages.ts").then((m) =>
      registerMessages(m.contentMessagesEnUS, m.contentMessagesDe),
    ),
  () =>
    import("./content/survey-response-messages.ts").then((m) =>
      registerMessages(m.surveyResponseMessagesEnUS, m.surveyResponseMessagesDe),
    ),
  () => import("./content/content-stylesheet.ts").then((m) => m.loadContentStylesheet()),
);
// Help and bots bodies are rich texts: the editor's chunk brings its own texts and styles.
const helpArea = withMessages(helpRoutes, () =>
  import("./help/help-messages.ts").then((m) => registerMessages(m.helpMessagesEnUS, m.helpMessagesDe)),
);
const botArea = withMessages(botRoutes, () =>
  import("./bots/bot-messages.ts").then((m) => registerMessages(m.botMessagesEnUS, m.botMessagesDe)),
);
const loadConversationMessages = () =>
  import("./conversations/conversation-messages.ts").then((m) =>
    registerMessages(m.conversationMessagesEnUS, m.conversationMessagesDe),
  );
const loadInboxMessages = () =>
  import("./inbox/inbox-messages.ts").then((m) => registerMessages(m.inboxMessagesEnUS, m.inboxMessagesDe));
const loadVisitorMessages = () =>
  import("./visitors/visitor-messages.ts").then((m) =>
    registerMessages(m.visitorMessagesEnUS, m.visitorMessagesDe),
  );
// A report shows its conversation and a conversation its visitor's reports: both areas
// speak both areas' words, and the visitor panel's.
const timelineMessages = [loadConversationMessages, loadInboxMessages, loadVisitorMessages];
const conversationArea = withMessages(conversationRoutes, ...timelineMessages);
const inboxArea = withMessages(inboxRoutes, ...timelineMessages);
const projectArea = withMessages(
  projectRoutes,
  () =>
    import("./projects/project-messages.ts").then((m) =>
      registerMessages(m.projectMessagesEnUS, m.projectMessagesDe),
    ),
  () =>
    import("./projects/webhook-messages.ts").then((m) =>
      registerMessages(m.webhookMessagesEnUS, m.webhookMessagesDe),
    ),
);
const featureRequestArea = withMessages(featureRequestRoutes, () =>
  import("./feature-requests/feature-request-messages.ts").then((m) =>
    registerMessages(m.featureRequestMessagesEnUS, m.featureRequestMessagesDe),
  ),
);
const loadReportMessages = () =>
  import("./reports/report-messages.ts").then((m) =>
    registerMessages(m.reportMessagesEnUS, m.reportMessagesDe),
  );
const reportArea = withMessages(reportRoutes, loadReportMessages);
// The home's chart names report reasons with the reports screens' own labels.
const dashboardHome = withMessages(
  [{ path: "/dashboard", page: lazyPage(() => import("./dashboard/dashboard-home-page.tsx")) }],
  loadReportMessages,
  () =>
    import("./dashboard/dashboard-messages.ts").then((m) =>
      registerMessages(m.dashboardMessagesEnUS, m.dashboardMessagesDe),
    ),
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

const profileArea = withMessages(
  [{ path: "/dashboard/profile", page: lazyPage(() => import("./profile/profile-page.tsx")) }],
  () =>
    import("./profile/profile-messages.ts").then((m) =>
      registerMessages(m.profileMessagesEnUS, m.profileMessagesDe),
    ),
);

const dashboardPages: readonly DashboardPage[] = [
  ...dashboardHome,
  ...recordsArea,
  ...challengeArea,
  ...skillArea,
  ...reportArea,
  ...inboxArea,
  ...contentArea,
  ...helpArea,
  ...botArea,
  ...conversationArea,
  // The screen registers its own texts (saved-reply-texts.ts), as the reply boxes that share them do.
  ...savedReplyRoutes,
  ...projectArea,
  ...featureRequestArea,
  ...profileArea,
  ...teamRoutes,
];

registerPrefetchPages(dashboardPages);

/** A path or query string decoded as wouter reads it (decodeURI; left as it is when that fails). */
function asRouterReads(text: string): string {
  try {
    return text.includes("%") ? decodeURI(text) : text;
  } catch {
    return text;
  }
}

/**
 * A page load's first screen (initial-route.ts): its code and texts and its first requests, started
 * when this chunk runs rather than once it has rendered, for whoever the auth guard lets open it (for
 * anyone else nothing starts: the guard sends them elsewhere). Answers when the code is there; the
 * first of the screens whose pattern matches is the one the router shows.
 */
export function startInitialPage(): Promise<unknown> {
  const pathname = asRouterReads(location.pathname);
  if (dashboardAccess(sessionState, location.pathname) !== "open") return Promise.resolve();
  for (const { path, page, startData } of dashboardPages) {
    const [matched, params] = matchRoute(parseRoutePattern, path, pathname);
    if (!matched) continue;
    startData?.(params ?? {}, asRouterReads(location.search.replace(/^\?/, "")));
    return page.load();
  }
  return Promise.resolve();
}

/**
 * Every /dashboard route: auth check, then the dashboard layout around the lazy page. The layout stays
 * mounted from one dashboard screen to the next; a path no screen matches gets the 404 page.
 */
export default function DashboardRoutes() {
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
