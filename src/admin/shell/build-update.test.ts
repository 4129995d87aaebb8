import { afterEach, describe, expect, test } from "bun:test";
import { buildPollMs, runningAdminEntry, startBuildUpdatePoll } from "./build-update.ts";

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.head.innerHTML = "";
});

const latest = (admin: string) => ({ admin, builtAt: "2026-11-22T10:00:00.000Z" });
const running = "/assets/admin-main-aaaaaaaa.js";

/** Starts a poll of the `running` build every 5 ms (stopped after the test); answers the admin entries it reports. */
function startPoll(fetchLatest: () => Promise<unknown>): string[] {
  const reported: string[] = [];
  stops.push(
    startBuildUpdatePoll({
      running,
      fetchLatest,
      onNewBuild: (build) => reported.push(build.admin),
      intervalMs: 5,
    }),
  );
  return reported;
}

/** Resolves once `condition` holds, checking every 5 ms (a loaded machine runs the timers late). */
async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("the condition did not come true in time");
    await Bun.sleep(5);
  }
}

describe("build update poll", () => {
  test("polls every hour (spec §9)", () => {
    expect(buildPollMs).toBe(3_600_000);
  });

  test("the same build is quiet; a different one is reported once and the poll stops", async () => {
    const answers = [latest(running), latest("/assets/admin-main-bbbbbbbb.js")];
    let fetches = 0;
    const reported = startPoll(async () => answers[Math.min(fetches++, answers.length - 1)]);
    await until(() => reported.length > 0);
    // Six more intervals: the poll has stopped, so nothing more is fetched or reported.
    await Bun.sleep(30);
    expect(reported).toEqual(["/assets/admin-main-bbbbbbbb.js"]);
    expect(fetches).toBe(2);
  });

  test("a slow check is never overlapped by the next: one fetch at a time, one report", async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    let fetches = 0;
    const reported = startPoll(async () => {
      fetches += 1;
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await Bun.sleep(25);
      inFlight -= 1;
      return latest(fetches < 3 ? running : "/assets/admin-main-bbbbbbbb.js");
    });
    await until(() => reported.length > 0);
    await Bun.sleep(60);
    expect(mostInFlight).toBe(1);
    expect(fetches).toBe(3);
    expect(reported).toEqual(["/assets/admin-main-bbbbbbbb.js"]);
  });

  test("failed or malformed answers are skipped, not reported", async () => {
    let fetches = 0;
    const reported = startPoll(async () => {
      fetches += 1;
      if (fetches === 1) throw new Error("restarting");
      return { admin: 42 };
    });
    await until(() => fetches > 2);
    expect(reported).toEqual([]);
  });

  test("the running entry is read from the page's own admin script tag", () => {
    document.head.innerHTML =
      '<script src="/assets/other-12345678.js"></script><script type="module" src="/assets/admin-main-x1y2z3w4.js"></script>';
    expect(runningAdminEntry(document)).toBe("/assets/admin-main-x1y2z3w4.js");
    document.head.innerHTML = "";
    expect(runningAdminEntry(document)).toBeNull();
  });
});
