import type { SQL } from "bun";
import type { Fanout } from "../../realtime/fanout.ts";
import { pushToStaff } from "../../realtime/staff-socket.ts";
import { createSharedRateLimiter } from "../../shared-rate-limiter.ts";
import type { InstallationLimits } from "./installation-limits.ts";
import { outsideAllowedOrigins, provenOrigin } from "./installation-origins.ts";
import { addInstallation, touchInstallation } from "./installations-repository.ts";

/** A process remembers at most this many project origins it wrote; then it starts over. */
const maxKnown = 10_000;

export interface InstallationRecorderDeps {
  sql: SQL;
  fanout: Fanout;
  limits: InstallationLimits;
  onError: (error: unknown) => void;
  now?: () => number;
}

/** A ping as the install check reads it. */
export interface PingSeen {
  project: { id: string; allowedOrigins: readonly string[] };
  /** The request's `Origin` header. */
  origin: string | null;
  events: readonly { name: string; data?: unknown }[];
  /** The client address, which new origins are counted against. */
  ip: string;
}

/**
 * The install check of the admin's install panel: an origin is recorded when a widget session proves
 * it runs there (installation-origins.ts), and the admins' open pages hear of a new one at once. A
 * project keeps its most recently seen origins (a new one drops the stalest), and one client address
 * adds only so many new ones an hour, so made-up origins can neither block a real site nor flood the
 * list. Each process remembers what it wrote, so a ping costs no write until an hour later.
 */
export function createInstallationRecorder(deps: InstallationRecorderDeps) {
  const now = deps.now ?? Date.now;
  const { limits } = deps;
  const counters = createSharedRateLimiter(deps.sql, now);
  const counted = Number.isFinite(limits.newOriginsPerAddress.limit);
  /** When this process last wrote each `project origin`. */
  const written = new Map<string, number>();

  /** Whether the address may add one more origin; a hit that added nothing is given back. */
  async function admitNewOrigin(ip: string): Promise<(() => Promise<void>) | null> {
    if (!counted) return async () => {};
    const key = `installation-origins:${ip}`;
    const decision = await counters.take(key, limits.newOriginsPerAddress);
    return decision.allowed ? () => counters.refund(key) : null;
  }

  /** Records the proven origin; false when the address may not add it now (tried again later). */
  async function record({ project, ip }: PingSeen, origin: string): Promise<boolean> {
    const at = new Date(now()).toISOString();
    if (await touchInstallation(deps.sql, project.id, origin, at)) return true;
    const refund = await admitNewOrigin(ip);
    if (!refund) return false;
    const added = await addInstallation(deps.sql, project.id, origin, at, limits.originsPerProject);
    if (!added) {
      await refund();
      return true;
    }
    const outside = outsideAllowedOrigins(origin, project.allowedOrigins);
    await pushToStaff(deps.fanout, {
      name: "installation-seen",
      data: { projectId: project.id, ...added, outsideAllowedOrigins: outside },
    });
    return true;
  }

  return {
    /** Hears a stored ping's events; never fails the ping (a failure is reported and tried again later). */
    async pinged(ping: PingSeen): Promise<void> {
      const origin = provenOrigin(ping.origin, ping.events);
      if (origin === null) return;
      const key = `${ping.project.id} ${origin}`;
      const last = written.get(key);
      if (last !== undefined && now() - last < limits.lastSeenRefreshMs) return;
      if (written.size >= maxKnown) written.clear();
      // Before the write: the pings of other tabs meanwhile leave it to this one.
      written.set(key, now());
      try {
        if (!(await record(ping, origin))) written.delete(key);
      } catch (error) {
        written.delete(key);
        deps.onError(error);
      }
    },
  };
}

export type InstallationRecorder = ReturnType<typeof createInstallationRecorder>;
