import { Route, Switch } from "wouter";
import { LandingPage } from "./pages/landing-page.tsx";
import { LoginPage } from "./pages/login-page.tsx";
import { NotFoundPage } from "./pages/not-found-page.tsx";

/** Routes of the admin SPA (spec §2). The dashboard screens arrive with the admin issues. */
export function AdminRoutes() {
  return (
    <Switch>
      <Route path="/" component={LandingPage} />
      <Route path="/login" component={LoginPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
