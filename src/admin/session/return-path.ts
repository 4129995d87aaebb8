/** Where a signed-in admin lands when nothing else was asked for. */
export const homePath = "/dashboard";

/**
 * The sign-in URL for a signed-out visit to `path` (path and query of the dashboard page), so that
 * signing in returns there (react-admin and refine keep the same "next" location).
 */
export function loginHref(path: string): string {
  return path === homePath || !isDashboardPath(path) ? "/login" : `/login?next=${encodeURIComponent(path)}`;
}

/**
 * The page to open after signing in: the `next` parameter when it is a dashboard path of this
 * origin, else the dashboard. Anything else (another origin, `//host`, a backslash trick) is ignored,
 * so the sign-in page cannot be made to send an admin elsewhere.
 */
export function returnPath(next: string | null): string {
  return next !== null && isDashboardPath(next) ? next : homePath;
}

function isDashboardPath(path: string): boolean {
  return /^\/dashboard(?:[/?#]|$)/.test(path) && !path.includes("\\") && !path.startsWith("//");
}
