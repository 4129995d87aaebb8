import { describe, expect, test } from "bun:test";
import { createMessengerStore, initialState, receive } from "./messenger-store.ts";
import { screenLabel, screenText } from "./screen-label.ts";

describe("the frame's store", () => {
  test("keeps config, session and the last screen request, and the names in order", () => {
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
    expect(state.config).toEqual({ color: "#0B7A75" });
    expect(state.overrideLanguage).toBe("ar");
    expect(state.session).toEqual({ gleapId: "g-1" });
    expect(state.sdkKey).toBe("demo");
    expect(state.widgetOpen).toBe(true);
    expect(screenText(screenLabel(state.screen))).toBe("Feedback flow: bugreporting");
    expect(state.received).toEqual([
      "config-update",
      "session-update",
      "start-feedbackflow",
      "widget-status-update",
    ]);
  });

  test("feedback answers, form data, a cleared session", () => {
    let state = receive(initialState, { name: "open-news", data: {} });
    state = receive(state, { name: "prefill-form-data", data: { email: "ada@example.com" } });
    state = receive(state, {
      name: "set-form-data",
      data: { formKey: "capture", data: { value: "screenshot" } },
    });
    state = receive(state, { name: "feedback-sent", data: { shortId: "FB-3" } });
    expect(state.formData).toEqual({ email: "ada@example.com", capture: { value: "screenshot" } });
    expect(state.feedback).toEqual({ status: "sent", answer: { shortId: "FB-3" } });
    state = receive(state, {
      name: "feedback-sending-failed",
      data: "Something went wrong, please try again.",
    });
    expect(state.feedback).toEqual({ status: "failed", text: "Something went wrong, please try again." });
    state = receive(state, { name: "session-cleared" });
    expect(state.session).toBeNull();
    expect(state.screen).toBeNull();
  });

  test("notifies subscribers; the back button returns home", () => {
    const store = createMessengerStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.receive({ name: "open-news-article", data: { id: "n-1" } });
    expect(screenLabel(store.get().screen)).toEqual({
      title: "News article",
      subject: "n-1",
      page: "newsdetails",
    });
    store.showHome();
    expect(store.get().screen).toBeNull();
    expect(calls).toBe(2);
  });

  test("every screen has a label", () => {
    expect(screenText(screenLabel({ name: "start-bot", data: { botId: "" } }))).toBe("New conversation");
    expect(
      screenText(screenLabel({ name: "start-checklist", data: { outboundId: "ob-1", sharedKey: "team" } })),
    ).toBe("Checklist: ob-1 (team)");
    expect(
      screenText(screenLabel({ name: "start-survey", data: { flow: "nps", format: "survey_full" } })),
    ).toBe("Survey: nps");
    expect(screenText(screenLabel(null))).toBe("Home");
  });
});
