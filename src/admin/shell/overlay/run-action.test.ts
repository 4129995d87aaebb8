import { afterEach, describe, expect, test } from "bun:test";
import { FetchError } from "ofetch";
import { genericErrorMessage } from "../../api/api-error.ts";
import { runAction } from "./run-action.ts";
import { hideToast, toastState } from "./toast-store.ts";

const refusal = (status: number, body: Record<string, unknown>) =>
  Object.assign(new FetchError("refused"), { status, data: body });

const toast = () => ({ type: toastState.type, heading: toastState.heading, body: toastState.body });

afterEach(hideToast);

describe("runAction", () => {
  test("a success toast with the given message id, and the call's value", async () => {
    const outcome = await runAction(() => Promise.resolve({ id: "u1" }), "user.banned");
    expect(outcome).toEqual({ ok: true, value: { id: "u1" } });
    expect(toast()).toEqual({ type: "success", heading: "user.banned", body: "" });
  });

  test("a success toast may have a body too", async () => {
    await runAction(() => Promise.resolve(), { heading: "report.resolved", body: "report.done.REJECT" });
    expect(toast()).toEqual({ type: "success", heading: "report.resolved", body: "report.done.REJECT" });
  });

  test("the success toast may be made from the answer, as a warning when it went through in part", async () => {
    const outcome = await runAction(
      () => Promise.resolve({ updated: 2, skipped: 1 }),
      (result) => ({
        type: result.skipped ? "warning" : "success",
        heading: `${result.updated} users banned`,
      }),
    );
    expect(outcome.ok).toBe(true);
    expect(toast()).toEqual({ type: "warning", heading: "2 users banned", body: "" });
  });

  test("a failure is an error toast with the server's reason; the screen needs no reload", async () => {
    const outcome = await runAction(
      () => Promise.reject(refusal(409, { error: "Not enough coins" })),
      "user.deleted",
    );
    expect(outcome).toEqual({ ok: false, reload: false });
    expect(toast()).toEqual({ type: "error", heading: "toast.error", body: "Not enough coins" });

    await runAction(() => Promise.reject(new Error("offline")), "user.deleted");
    expect(toast().body).toBe(genericErrorMessage);
  });

  test("an area's mapper gives the toast's texts and may ask for a reload", async () => {
    const outcome = await runAction(
      () => Promise.reject(refusal(409, { error: "Gone" })),
      "user.deleted",
      () => ({ heading: "report.notFound", body: "report.notFoundHint", reload: true }),
    );
    expect(outcome).toEqual({ ok: false, reload: true });
    expect(toast()).toEqual({ type: "error", heading: "report.notFound", body: "report.notFoundHint" });
  });
});
