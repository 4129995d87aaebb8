import { lazy, Suspense, useState } from "react";
import { Route, Switch } from "wouter";
import { LandingPage } from "./pages/landing-page.tsx";
import { LoginPage } from "./pages/login-page.tsx";
import { NotFoundPage } from "./pages/not-found-page.tsx";
import { PageFallback } from "./shell/layout/page-fallback.tsx";
import { loadDashboardRoutes, loadedDashboardRoutes } from "./shell/routing/dashboard-chunk.ts";

// The dashboard (route tables, layout, every area) is a lazy chunk: the sign-in route never downloads it.
const DashboardRoutes = lazy(loadDashboardRoutes);
// The invitation's accept page is signed out, and as rare as it is: a chunk of its own.
const AcceptInvitationPage = lazy(() => import("./team/accept-invitation-page.tsx"));

function LazyAcceptInvitation() {
  return (
    <Suspense fallback={<PageFallback />}>
      <AcceptInvitationPage />
    </Suspense>
  );
}

function LazyDashboard() {
  // Loaded before the first render (initial-route.ts) or since: rendered at once, without suspending.
  const [loaded] = useState(loadedDashboardRoutes);
  const Routes = loaded ? loaded.default : DashboardRoutes;
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes />
    </Suspense>
  );
}

/** Routes of the admin SPA (spec §2). */
export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/invite/:token" component={LazyAcceptInvitation} />
      {/* One route for the whole area, so the layout stays mounted between dashboard screens. */}
      <Route path="/dashboard/*?" component={LazyDashboard} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
