import type { ApiRoute } from "../http/api-route.ts";
import { challengesRoutes } from "./challenges/challenges-routes.ts";
import { companiesRoutes } from "./companies/companies-routes.ts";
import { jobsRoutes } from "./companies/jobs-routes.ts";
import type { PlatformDeps } from "./platform-deps.ts";
import { dashboardRoutes } from "./reports/dashboard-routes.ts";
import { reportsRoutes } from "./reports/reports-routes.ts";
import { skillsRoutes } from "./skills/skills-routes.ts";
import { teamRoutes } from "./team/team-routes.ts";
import { usersRoutes } from "./users/users-routes.ts";

/** Every admin endpoint of the learning and jobs platform, under `/api/{entity}`. */
export function platformRoutes(deps: PlatformDeps): ApiRoute[] {
  return [
    ...usersRoutes(deps),
    ...companiesRoutes(deps),
    ...jobsRoutes(deps),
    ...challengesRoutes(deps),
    ...skillsRoutes(deps),
    ...reportsRoutes(deps),
    ...dashboardRoutes(deps),
    ...teamRoutes(deps),
  ];
}
