import { afterEach, describe, expect, test } from "bun:test";
import { FetchError } from "ofetch";
import { reportErrors } from "../../shared/reports-api.ts";
import { translator } from "../i18n/intl.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { hideToast, toastState } from "../shell/overlay/toast-store.ts";
import { resolutionFailure } from "./report-resolution.tsx";

const refusal = (status: number, body: Record<string, unknown>) =>
  Object.assign(new FetchError("refused"), { status, data: body });

const en = translator("en-US");
const de = translator("de");

const resolve = (failure: unknown) =>
  runAction(
    () => Promise.reject(failure),
    { heading: "report.resolved", body: "report.done.REJECT" },
    resolutionFailure,
  );

afterEach(hideToast);

describe("a refused resolution", () => {
  test("Report Already Resolved heads the toast, in the admin's language, and the report reloads", async () => {
    const outcome = await resolve(refusal(409, { error: reportErrors.alreadyResolved }));
    expect(outcome).toEqual({ ok: false, reload: true });
    expect(toastState.type).toBe("error");
    expect(en.translate(toastState.heading)).toBe("Report Already Resolved");
    expect(de.translate(toastState.heading)).toBe("Meldung bereits erledigt");
    expect(de.translate(toastState.body)).toContain("inzwischen");
  });

  test("Report Not Found also reloads; other refusals keep a generic heading over the reason", async () => {
    expect(await resolve(refusal(404, { error: reportErrors.reportNotFound }))).toEqual({
      ok: false,
      reload: true,
    });
    expect(en.translate(toastState.heading)).toBe("Report Not Found");

    expect(await resolve(refusal(409, { error: reportErrors.noReporter }))).toEqual({
      ok: false,
      reload: false,
    });
    expect({ heading: toastState.heading, body: toastState.body }).toEqual({
      heading: "toast.error",
      body: "report.error.noReporter",
    });
    expect(de.translate(toastState.body)).toBe("Diese Meldung hat keinen Meldenden");
  });

  test("a resolution that went through says so with what happened (spec §8)", async () => {
    const report = { id: "r1" };
    const outcome = await runAction(
      () => Promise.resolve(report),
      { heading: "report.resolved", body: "report.done.DELETE_TASK" },
      resolutionFailure,
    );
    expect(outcome).toEqual({ ok: true, value: report });
    expect({ type: toastState.type, heading: toastState.heading, body: toastState.body }).toEqual({
      type: "success",
      heading: "report.resolved",
      body: "report.done.DELETE_TASK",
    });
  });
});
