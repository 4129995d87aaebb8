import type { ApiRoute } from "../../main-origin.ts";
import type { PlatformDeps } from "../platform-deps.ts";

// PLACEHOLDER being replaced in this session.
export function reportsRoutes(_deps: PlatformDeps): ApiRoute[] {
  return [];
}
