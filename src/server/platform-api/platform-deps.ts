import type { SQL } from "bun";
import type { AuthGuard } from "../auth/auth-guard.ts";

/** What every group of platform routes may use. */
export interface PlatformDeps {
  sql: SQL;
  guard: AuthGuard;
}
