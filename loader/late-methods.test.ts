import { describe, expect, test } from "bun:test";
import { lateMethods } from "./late-methods.ts";
import type { LateModule } from "./lazy-chunk.ts";
import { createLateFile } from "./lazy-chunk.ts";
import type { ReportMethods } from "./report-methods.ts";
import { createReportMethods } from "./report-methods.ts";

/** Lets pending promise callbacks run. */
async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/**
 * A late file whose arrival the test decides; `loads` counts the fetches. Like the chunk loader, one
 * fetch is shared by every caller until it fails.
 */
function heldLateFile() {
  let arrive: (module: LateModule) => void = () => {};
  let fail: (error: Error) => void = () => {};
  let loads = 0;
  let pending: Promise<LateModule> | null = null;
  const file = createLateFile(() => {
    if (!pending) {
      loads++;
      pending = new Promise<LateModule>((resolve, reject) => {
        arrive = resolve;
        fail = reject;
      });
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  });
  return {
    file,
    loads: () => loads,
    arrive: (module: LateModule) => arrive(module),
    fail: (error: Error) => fail(error),
  };
}

describe("createLateFile", () => {
  test("nothing is fetched before `fetch` (a page waiting for consent loads nothing); an earlier `get` waits for it", async () => {
    const late = heldLateFile();
    const module = { marker: "late" } as unknown as LateModule;
    let got: LateModule | undefined;
    void late.file.get().then((loaded) => {
      got = loaded;
    });
    await settle();
    expect(late.loads()).toBe(0);
    late.file.fetch();
    await settle();
    expect(late.loads()).toBe(1);
    late.arrive(module);
    await settle();
    expect(got).toBe(module);
  });

  test("a failed load is tried again at the next `get`", async () => {
    const late = heldLateFile();
    late.file.fetch();
    await settle();
    late.fail(new Error("offline"));
    await settle();
    const again = late.file.get();
    await settle();
    expect(late.loads()).toBe(2);
    late.arrive({} as LateModule);
    await expect(again).resolves.toBeDefined();
  });
});

describe("lateMethods", () => {
  function reportingApi() {
    const late = heldLateFile();
    const sent: unknown[][] = [];
    const reports: string[] = [];
    let kept: ReportMethods | undefined;
    const methods = () =>
      late.file.get().then(() => {
        kept ??= createReportMethods({
          email: () => "v@example.com",
          send: async (...args) => {
            sent.push(args);
            return { id: "r1" };
          },
        });
        return kept.methods;
      });
    const api = lateMethods(methods, (message) => reports.push(message));
    return { api, late, sent, reports, parts: () => kept?.parts() };
  }

  test("calls made before the late file arrives run once it is there, in the order made", async () => {
    const { api, late, parts } = reportingApi();
    void api.setCustomData("plan", "pro");
    void api.attachCustomData({ seats: 3 });
    void api.removeCustomData("plan");
    void api.setTags(["checkout"]);
    await settle();
    expect(parts()).toBeUndefined();
    late.file.fetch();
    await settle();
    late.arrive({} as LateModule);
    await settle();
    expect(parts()).toMatchObject({ customData: { seats: 3 }, tags: ["checkout"] });
  });

  test("a call answers what its method answers, and a failure is reported rather than thrown", async () => {
    const { api, late, sent, reports } = reportingApi();
    late.file.fetch();
    await settle();
    late.arrive({} as LateModule);
    expect((await api.sendSilentCrashReport("boom")) as unknown).toEqual({ id: "r1" });
    expect(sent).toHaveLength(1);
    await expect(api.attachNetworkLogs("{not json")).resolves.toBeUndefined();
    expect(reports).toEqual(["attachNetworkLogs failed"]);
  });
});
