import { json } from "../http/json-response.ts";
import type { Logger } from "../logger.ts";
import { outsideRequest } from "../request-context.ts";
import { withinMs } from "../time-bound.ts";
import type { Probe } from "./dependency-probes.ts";

/** A dependency readiness asks about; `probe` null when it is not configured (no REDIS_URL, say). */
export interface ReadinessCheck {
  name: string;
  probe: Probe | null;
}

export interface ReadinessOptions {
  /** How long each dependency may take to answer before it counts as failing (default 1 s). */
  timeoutMs?: number;
  /** How long an answer is reused (default 1 s), so a probe storm costs each dependency one query a second. */
  reuseMs?: number;
  now?: () => number;
}

export interface ReadinessResult {
  ok: boolean;
  /** Per check: `ok`, `not configured`, or what went wrong. */
  checks: Record<string, string>;
  /** The names of the failing checks. */
  failing: string[];
}

export const notConfigured = "not configured";

/**
 * `GET /readyz`: whether this process can serve, asked of each dependency in parallel, each bounded by
 * `timeoutMs` so a hung one makes a 503 rather than a hung probe. `/healthz` stays the liveness check
 * (the process answers); a balancer takes a process out of rotation on 503 here. Answers are reused for
 * `reuseMs`, and probes arriving while one runs share it. A change between ready and not ready is
 * logged once, not every probe.
 */
export function createReadiness(
  checks: readonly ReadinessCheck[],
  logger: Logger,
  options: ReadinessOptions = {},
) {
  const timeoutMs = options.timeoutMs ?? 1000;
  const reuseMs = options.reuseMs ?? 1000;
  const now = options.now ?? (() => performance.now());
  let last: { at: number; result: Promise<ReadinessResult> } | null = null;
  let wasReady: boolean | null = null;

  async function checkAll(): Promise<ReadinessResult> {
    const answers = await Promise.all(
      checks.map(async ({ name, probe }) => {
        if (!probe) return [name, notConfigured] as const;
        try {
          await withinMs(probe(), timeoutMs, name);
          return [name, "ok"] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    const failing = answers
      .filter(([, answer]) => answer !== "ok" && answer !== notConfigured)
      .map(([name]) => name);
    const result = { ok: failing.length === 0, checks: Object.fromEntries(answers), failing };
    if (wasReady !== result.ok) {
      if (!result.ok) logger.warn("not ready", { failing, checks: result.checks });
      else if (wasReady === false) logger.info("ready again");
      wasReady = result.ok;
    }
    return result;
  }

  function current(): Promise<ReadinessResult> {
    const at = now();
    if (last && at - last.at < reuseMs) return last.result;
    // Shared by the probes of the next second: its lines belong to none of their requests.
    last = { at, result: outsideRequest(checkAll) };
    return last.result;
  }

  return {
    current,
    /** The route's answer: 200 when every configured dependency answered, 503 naming those that did not. */
    async answer(): Promise<Response> {
      const result = await current();
      return json(result, { status: result.ok ? 200 : 503 });
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
