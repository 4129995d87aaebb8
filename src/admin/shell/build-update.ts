import { latestBuildPath } from "../../shared/latest-build.ts";
import type { LatestBuild } from "../../shared/latest-build-schema.ts";

/**
 * The answer as a latest-build file, or null when it is not one. The schema and its validation library
 * come with the first check, out of the sign-in route's bundle.
 */
async function latestBuildOf(value: unknown): Promise<LatestBuild | null> {
  const [{ LatestBuild }, { isUntrusted }] = await Promise.all([
    import("../../shared/latest-build-schema.ts"),
    import("../../shared/untrusted-validation.ts"),
  ]);
  return isUntrusted(value, LatestBuild) ? value : null;
}

/** Spec §9: the latest-build file is polled every hour. */
export const buildPollMs = 60 * 60 * 1000;

/** The admin entry this page runs, read from its own module script tag (its name carries the build's hash). */
export function runningAdminEntry(doc: Document): string | null {
  for (const script of doc.querySelectorAll<HTMLScriptElement>("script[src]")) {
    const path = new URL(script.src, doc.baseURI).pathname;
    if (/^\/assets\/admin-main-[a-z0-9]+\.js$/.test(path)) return path;
  }
  return null;
}

export interface BuildUpdatePoll {
  running: string;
  fetchLatest(): Promise<unknown>;
  onNewBuild(latest: LatestBuild): void;
  intervalMs?: number;
}

/**
 * Checks the deployed build every hour and reports a different one once, then stops: the admin is
 * asked to reload a single time, not every hour. A failed or malformed check is skipped silently (the
 * server may be restarting during the very deployment it would announce). The next check is set when
 * one ends, so two never overlap (a check waits for the schema's chunk the first time).
 */
export function startBuildUpdatePoll({
  running,
  fetchLatest,
  onNewBuild,
  intervalMs = buildPollMs,
}: BuildUpdatePoll): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout>;
  const check = async () => {
    try {
      const latest = await latestBuildOf(await fetchLatest());
      if (latest && latest.admin !== running && !stopped) {
        stopped = true;
        onNewBuild(latest);
      }
    } catch {
      // Next hour.
    }
    if (!stopped) timer = setTimeout(check, intervalMs);
  };
  timer = setTimeout(check, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** The latest-build file, never from a cache (the server also sends no-cache). */
export async function fetchLatestBuild(): Promise<unknown> {
  const response = await fetch(latestBuildPath, { cache: "no-store" });
  if (!response.ok) throw new Error(`latest build: ${response.status}`);
  return response.json();
}
