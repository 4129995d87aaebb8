import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { useT } from "./i18n/intl.ts";
import { LandingPage } from "./pages/landing-page.tsx";
import { LoginPage } from "./pages/login-page.tsx";
import { NotFoundPage } from "./pages/not-found-page.tsx";
import { AuthGuard } from "./shell/auth-guard.tsx";
import { DashboardLayout } from "./shell/dashboard-layout.tsx";
import { lazyPage } from "./shell/lazy-page.ts";

// Dashboard screens are lazy chunks: the sign-in route (the measured one) never downloads them.
const DashboardHomePage = lazyPage(() => import("./pages/dashboard-home-page.tsx"));

function PageFallback() {
  const { t } = useT();
  return (
    <p className="subtle" role="status">
      {t("loading.page")}
    </p>
  );
}

/** Every /dashboard route: auth check, dashboard layout, lazy page. Unknown ones get the 404 page. */
function DashboardRoutes() {
  return (
    <AuthGuard>
      <Switch>
        <Route path="/dashboard">
          <DashboardLayout>
            <Suspense fallback={<PageFallback />}>
              <DashboardHomePage />
            </Suspense>
          </DashboardLayout>
        </Route>
        <Route component={NotFoundPage} />
      </Switch>
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
