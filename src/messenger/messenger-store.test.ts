import { describe, expect, test } from "bun:test";
import { createMessengerStore, initialState, receive } from "./messenger-store.ts";

describe("the frame's store", () => {
  test("keeps config, language, session and open state, and the names in order", () => {
    let state = receive(initialState, {
      name: "config-update",
      data: { config: { color: "#0B7A75" }, aiTools: [], overrideLanguage: "ar" },
    });
    state = receive(state, {
      name: "session-update",
      data: { sessionData: { gleapId: "g-1" }, apiUrl: "http://localhost:3000/api/widget", sdkKey: "demo" },
    });
    state = receive(state, {
      name: "start-feedbackflow",
      data: { flow: "bugreporting", hideBackButton: true },
    });
    state = receive(state, { name: "widget-status-update", data: { isWidgetOpen: true } });
    state = receive(state, { name: "unread-count-changed", data: 4 });
    expect(state.config).toEqual({ color: "#0B7A75" });
    expect(state.overrideLanguage).toBe("ar");
    expect(state.session).toEqual({ gleapId: "g-1" });
    expect(state.sdkKey).toBe("demo");
    expect(state.widgetOpen).toBe(true);
    expect(state.hostUnread).toBe(4);
    expect(state.received).toEqual([
      "config-update",
      "session-update",
      "start-feedbackflow",
      "widget-status-update",
      "unread-count-changed",
    ]);
  });

  test("form data, numbered feedback answers, a cleared session", () => {
    let state = receive(initialState, { name: "prefill-form-data", data: { email: "ada@example.com" } });
    state = receive(state, {
      name: "set-form-data",
      data: { formKey: "capture", data: { value: "screenshot" } },
    });
    expect(state.formData).toEqual({ email: "ada@example.com", capture: { value: "screenshot" } });
    expect(state.formDataSeq).toBe(2);
    state = receive(state, { name: "feedback-sent", data: { shortId: "FB-3" } });
    expect(state.feedback).toEqual({ status: "sent", answer: { shortId: "FB-3" }, seq: 1 });
    state = receive(state, {
      name: "feedback-sending-failed",
      data: "Something went wrong, please try again.",
    });
    expect(state.feedback).toEqual({
      status: "failed",
      text: "Something went wrong, please try again.",
      seq: 2,
    });
    state = receive(state, { name: "session-cleared" });
    expect(state.session).toBeNull();
    expect(state.formData).toEqual({});
  });

  test("keeps the last 200 names", () => {
    let state = initialState;
    for (let index = 0; index < 250; index++) state = receive(state, { name: "session-cleared" });
    expect(state.received).toHaveLength(200);
  });

  test("notifies subscribers; a form value can be forgotten", () => {
    const store = createMessengerStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.receive({ name: "set-form-data", data: { formKey: "capture", data: "screenshot" } });
    store.clearFormData("capture");
    store.clearFormData("capture");
    expect(store.get().formData).toEqual({});
    expect(calls).toBe(2);
  });
});
