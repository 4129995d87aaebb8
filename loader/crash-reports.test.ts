import { expect, test } from "bun:test";
import { createCrashReports } from "./crash-reports.ts";

function crashReports() {
  const sent: unknown[][] = [];
  let now = 0;
  const api = createCrashReports({
    email: () => "v@example.com",
    send: async (...args) => void sent.push(args),
  });
  // Each call is past the 10 s gap of the one before.
  const call = (run: () => unknown) => {
    now += 20_000;
    const real = Date.now;
    Date.now = () => now;
    try {
      run();
    } finally {
      Date.now = real;
    }
  };
  return { api, sent, call };
}

test("without an exclude map the reference's default goes: no snapshot, no replay, no attachments", () => {
  const { api, sent, call } = crashReports();
  call(() => api.sendSilentCrashReport("boom"));
  call(() => api.sendSilentCrashReportWithFormData({ title: "x" }, "HIGH"));
  expect(sent).toEqual([
    [
      { description: "boom", reportedBy: "v@example.com" },
      "MEDIUM",
      { screenshot: true, replays: true, attachments: true },
    ],
    [{ title: "x" }, "HIGH", { screenshot: true, replays: true, attachments: true }],
  ]);
});

test("a map the host passes goes as it is, null included", () => {
  const { api, sent, call } = crashReports();
  call(() => api.sendSilentCrashReport("boom", "LOW", { screenshot: false, replays: false }));
  call(() =>
    api.sendSilentCrashReportWithFormData({}, undefined, null as unknown as Record<string, boolean>),
  );
  expect(sent.map((args) => args[2])).toEqual([{ screenshot: false, replays: false }, null]);
});
