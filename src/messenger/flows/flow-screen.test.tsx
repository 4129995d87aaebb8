import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { FeedbackFlow } from "../../shared/feedback-flows-api.ts";
import { ApiError } from "../shell/api-client.ts";
import { button, click, q, qa, type, waitFor } from "../test-support/dom-kit.ts";
import { cleanup, type Rendered, renderMessenger } from "../test-support/messenger-test-kit.tsx";

afterEach(cleanup);

const flow: FeedbackFlow = {
  id: "f-1",
  key: "bugreporting",
  title: "Report a bug",
  description: "Tell us what went wrong.",
  feedbackType: "BUG",
  successMessage: "We'll look into it today.",
  showOnHome: true,
  icon: "bug",
  fields: [
    { key: "description", type: "textarea", label: "What happened?", required: true, placeholder: "Steps…" },
    { key: "reportedBy", type: "email", label: "Your e-mail", required: true },
    { key: "title", type: "text", label: "Short title" },
    { key: "rating", type: "rating", label: "How bad is it?" },
    { key: "area", type: "select", label: "Where?", options: ["Billing", "Export"], required: true },
    { key: "consent", type: "checkbox", label: "You may contact me", required: true },
    { key: "capture", type: "capture", label: "Screenshot", captureType: "screenshot" },
  ],
};

/** The flow screen opened by the host, as `startFeedbackFlow` does. */
async function openFlow(options: Parameters<typeof renderMessenger>[0] = {}) {
  const rendered = await renderMessenger({
    ...options,
    routes: { "GET /flows/bugreporting": flow, ...options.routes },
  });
  await rendered.host({ name: "start-feedbackflow", data: { flow: "bugreporting", hideBackButton: false } });
  await waitFor(() => q(rendered.container, "[data-testid=flow-form]"));
  return rendered;
}

const control = <E extends HTMLElement = HTMLInputElement>(root: ParentNode, key: string) =>
  q<E>(root, `#flow-field-${key}`);
const feedbackSent = (sent: Rendered["sent"]) => sent.filter((message) => message.name === "send-feedback");

/** Starts a recording from `start`, which asks the host to draw; the host's capture comes back attached. */
async function attachRecording(rendered: Rendered, start: string) {
  await click(q(rendered.container, start));
  expect(rendered.sent.at(-1)).toEqual({ name: "start-screen-drawing", data: "capture" });
  await rendered.host({
    name: "set-form-data",
    data: { formKey: "capture", data: { value: "capture", dirty: true } },
  });
  expect(q(rendered.container, "[data-testid=capture-attached]")?.textContent).toContain(
    "Recording attached",
  );
}

async function fillValid(root: ParentNode) {
  await type(control<HTMLTextAreaElement>(root, "description"), "The export button does nothing");
  await type(control(root, "reportedBy"), "ada@example.com");
  await type(control<HTMLSelectElement>(root, "area"), "Export");
  await click(control(root, "consent"));
}

describe("feedback flow", () => {
  test("loads the flow by key: title in the header, description, every field with its label", async () => {
    const { container, api } = await openFlow();
    expect(api.count("GET /flows/bugreporting")).toBe(1);
    expect(q(container, ".header-title")?.textContent).toBe("Report a bug");
    expect(q(container, ".flow-description")?.textContent).toBe("Tell us what went wrong.");
    expect(q(container, "label[for=flow-field-description]")?.textContent).toBe("What happened?");
    expect(q(container, "label[for=flow-field-title]")?.textContent).toBe("Short title (optional)");
    expect(control<HTMLTextAreaElement>(container, "description")?.placeholder).toBe("Steps…");
    expect(control(container, "reportedBy")?.type).toBe("email");
    expect(qa(container, "[data-field=rating] input[type=radio]")).toHaveLength(5);
    expect(qa(container, "#flow-field-area option").map((option) => option.textContent)).toEqual([
      "Choose…",
      "Billing",
      "Export",
    ]);
    expect(control(container, "consent")?.type).toBe("checkbox");
    expect(q(container, "[data-field=capture] .capture-title")?.textContent).toBe("Take a screenshot");
  });

  test("says flow-started to the host once it shows (the host pins the replay to the flow)", async () => {
    const { sent } = await openFlow();
    expect(sent.filter((message) => message.name === "notify-event")).toEqual([
      { name: "notify-event", data: { type: "flow-started", data: { flow: "bugreporting" } } },
    ]);
  });

  test("rules show at their fields after a submit, with aria, and focus the first; nothing is sent", async () => {
    const { container, sent } = await openFlow();
    await type(control(container, "reportedBy"), "ada@");
    await click(q(container, "[data-testid=flow-submit]"));
    await act(async () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
    expect(q(container, "[data-testid=error-description]")?.textContent).toBe("Please fill in this field.");
    expect(q(container, "[data-testid=error-reportedBy]")?.textContent).toBe(
      "Please enter a valid email address, like name@example.com.",
    );
    expect(q(container, "[data-testid=error-area]")?.textContent).toBe("Please choose an option.");
    expect(q(container, "[data-testid=error-consent]")?.textContent).toBe(
      "Please tick this box to continue.",
    );
    expect(q(container, "[data-testid=error-title]")).toBeNull();
    const description = control<HTMLTextAreaElement>(container, "description");
    expect(description?.getAttribute("aria-invalid")).toBe("true");
    expect(description?.getAttribute("aria-describedby")).toBe("flow-field-description-error");
    expect(document.activeElement).toBe(description);
    expect(feedbackSent(sent)).toEqual([]);
    // Fixed as the visitor types.
    await type(description, "Now it works");
    expect(q(container, "[data-testid=error-description]")).toBeNull();
  });

  test("rating, select, checkbox: each takes its value", async () => {
    const { container, sent } = await openFlow();
    await fillValid(container);
    await click(q(container, "[data-field=rating] input[value='4']"));
    expect(qa(container, "[data-field=rating] .star--on")).toHaveLength(4);
    await type(control(container, "title"), "Export");
    await click(q(container, "[data-testid=flow-submit]"));
    expect(feedbackSent(sent)[0]?.data).toEqual({
      formData: {
        description: "The export button does nothing",
        reportedBy: "ada@example.com",
        title: "Export",
        rating: 4,
        area: "Export",
        consent: true,
      },
      action: { feedbackType: "BUG", excludeData: { screenshot: true } },
      outboundId: null,
      spamToken: null,
    });
  });

  test("sending, then the thank-you with the flow's message and the short id; the draft is gone", async () => {
    const { container, host, sent } = await openFlow();
    await fillValid(container);
    await click(q(container, "[data-testid=flow-submit]"));
    const submit = q<HTMLButtonElement>(container, "[data-testid=flow-submit]");
    expect(submit?.disabled).toBe(true);
    expect(submit?.textContent).toBe("Sending…");
    expect(q(container, ".flow-fields")?.hasAttribute("disabled")).toBe(true);
    await host({ name: "feedback-sent", data: { id: "r-1", shortId: "FB-42" } });
    expect(q(container, "[data-testid=flow-success] .success-title")?.textContent).toBe("Thank you!");
    expect(q(container, ".success-text")?.textContent).toBe("We'll look into it today.");
    expect(q(container, "[data-testid=flow-reference]")?.textContent).toBe("Reference FB-42");
    expect(sent.some((message) => message.name === "cleanup-drawings")).toBe(true);
    expect(window.sessionStorage.getItem("gleap-messenger-flow-draft-demo-bugreporting")).toBeNull();
    await click(button(container, "Done"));
    expect(q(container, "[data-testid=frame-app]")?.dataset.screen).toBe("home");
  });

  test("a failure keeps everything typed and offers Retry, which sends the same again", async () => {
    const { container, host, sent } = await openFlow();
    await fillValid(container);
    await click(q(container, "[data-testid=flow-submit]"));
    await host({ name: "feedback-sending-failed", data: "Something went wrong, please try again." });
    expect(q(container, "[data-testid=flow-failed]")?.textContent).toContain(
      "Your feedback could not be sent.",
    );
    expect(control<HTMLTextAreaElement>(container, "description")?.value).toBe(
      "The export button does nothing",
    );
    expect(control<HTMLSelectElement>(container, "area")?.value).toBe("Export");
    const retry = q<HTMLButtonElement>(container, "[data-testid=flow-submit]");
    expect(retry?.textContent).toBe("Try again");
    await click(retry);
    expect(feedbackSent(sent)).toHaveLength(2);
    expect(feedbackSent(sent)[1]?.data).toEqual(feedbackSent(sent)[0]?.data);
    await host({ name: "feedback-sent", data: { shortId: "FB-43" } });
    expect(q(container, "[data-testid=flow-reference]")?.textContent).toBe("Reference FB-43");
  });

  test("a report the host kept says it will be sent when back online, with no reference, and the draft goes", async () => {
    const { container, host, sent } = await openFlow();
    await fillValid(container);
    await click(q(container, "[data-testid=flow-submit]"));
    await host({ name: "feedback-queued" });
    expect(q(container, "[data-testid=flow-success]")).toBeNull();
    expect(q(container, "[data-testid=flow-queued] .success-text")?.textContent).toBe(
      "We could not reach the server. Your feedback is saved on this device and will be sent as soon as you are back online.",
    );
    expect(q(container, "[data-testid=flow-reference]")).toBeNull();
    expect(sent.some((message) => message.name === "cleanup-drawings")).toBe(true);
    expect(window.sessionStorage.getItem("gleap-messenger-flow-draft-demo-bugreporting")).toBeNull();
  });

  test("an answer that was there before the submit is not taken for this one", async () => {
    const { container, host } = await openFlow();
    await host({ name: "feedback-sent", data: { shortId: "FB-1" } });
    await fillValid(container);
    await click(q(container, "[data-testid=flow-submit]"));
    expect(q(container, "[data-testid=flow-success]")).toBeNull();
  });

  test("what the visitor typed survives Back and coming again (a draft per flow)", async () => {
    const { container, host } = await openFlow();
    await type(control<HTMLTextAreaElement>(container, "description"), "Half a thought");
    await click(q(container, "[data-testid=frame-back]"));
    await host({ name: "start-feedbackflow", data: { flow: "bugreporting" } });
    await waitFor(() => q(container, "[data-testid=flow-form]"));
    expect(control<HTMLTextAreaElement>(container, "description")?.value).toBe("Half a thought");
    expect(q(container, ".note")?.textContent).toContain("We kept what you wrote last time.");
    await click(button(container, "Start over"));
    expect(control<HTMLTextAreaElement>(container, "description")?.value).toBe("");
    expect(window.sessionStorage.getItem("gleap-messenger-flow-draft-demo-bugreporting")).toBeNull();
  });

  test("the session's e-mail and the host's pre-fill fill their fields; later pre-fills only untouched ones", async () => {
    const rendered = await renderMessenger({
      session: { gleapId: "g", gleapHash: "h", email: "ada@example.com" },
      routes: { "GET /flows/bugreporting": flow },
    });
    await rendered.host({ name: "prefill-form-data", data: { title: "From the host" } });
    await rendered.host({ name: "start-feedbackflow", data: { flow: "bugreporting" } });
    const { container, host } = rendered;
    await waitFor(() => q(container, "[data-testid=flow-form]"));
    expect(control(container, "reportedBy")?.value).toBe("ada@example.com");
    expect(control(container, "title")?.value).toBe("From the host");
    await type(control(container, "title"), "Mine");
    await host({ name: "prefill-form-data", data: { title: "Later", area: "Billing" } });
    expect(control(container, "title")?.value).toBe("Mine");
    expect(control<HTMLSelectElement>(container, "area")?.value).toBe("Billing");
  });

  test("capture dismissed in the editor: the widget comes back and the field stops waiting", async () => {
    const { container, host } = await openFlow();
    await host({ name: "widget-status-update", data: { isWidgetOpen: true } });
    await click(q(container, "[data-field=capture] .capture--start"));
    expect(q(container, ".capture--pending")).not.toBeNull();
    await host({ name: "widget-status-update", data: { isWidgetOpen: false } });
    await host({ name: "widget-status-update", data: { isWidgetOpen: true } });
    expect(q(container, ".capture--pending")).toBeNull();
    expect(q(container, "[data-field=capture] .capture--start")).not.toBeNull();
  });

  test("capture: asks the host to draw, shows what came back, and can remove it", async () => {
    const { container, host, sent } = await openFlow();
    await click(q(container, "[data-field=capture] .capture--start"));
    expect(sent.at(-1)).toEqual({ name: "start-screen-drawing", data: "screenshot" });
    expect(q(container, ".capture--pending")?.textContent).toContain("Waiting for your capture…");
    await host({
      name: "set-form-data",
      data: { formKey: "capture", data: { value: "screenshot", dirty: true } },
    });
    await host({
      name: "set-form-data",
      data: { formKey: "screenshotPreview", data: "data:image/png;base64,AAAA" },
    });
    expect(q(container, "[data-testid=capture-attached]")?.textContent).toContain("Screenshot attached");
    expect(q<HTMLImageElement>(container, ".capture-thumb")?.getAttribute("src")).toBe(
      "data:image/png;base64,AAAA",
    );
    await fillValid(container);
    await click(q(container, "[data-testid=flow-submit]"));
    expect(feedbackSent(sent)[0]?.data.formData.capture).toBe("screenshot");
    expect(feedbackSent(sent)[0]?.data.action).toEqual({ feedbackType: "BUG", excludeData: {} });
  });

  test("a recording field; removing the capture asks the host to clean up", async () => {
    const recording: FeedbackFlow = {
      ...flow,
      fields: [
        { key: "capture", type: "capture", label: "Recording", captureType: "capture", required: true },
      ],
    };
    const rendered = await openFlow({ routes: { "GET /flows/bugreporting": recording } });
    const { container, sent } = rendered;
    expect(q(container, ".capture-title")?.textContent).toBe("Record your screen");
    await click(q(container, "[data-testid=flow-submit]"));
    expect(q(container, "[data-testid=error-capture]")?.textContent).toBe(
      "Please attach a recording of your screen.",
    );
    await attachRecording(rendered, ".capture--start");
    await click(button(container, "Remove"));
    expect(q(container, "[data-testid=capture-attached]")).toBeNull();
    expect(sent.at(-1)).toEqual({ name: "cleanup-drawings" });
  });

  test("a field offering both: the visitor picks a screenshot or a recording", async () => {
    const both: FeedbackFlow = {
      ...flow,
      fields: [
        {
          key: "capture",
          type: "capture",
          label: "Screenshot or recording",
          captureType: "both",
          required: true,
        },
      ],
    };
    const rendered = await openFlow({ routes: { "GET /flows/bugreporting": both } });
    const { container, sent } = rendered;
    expect(qa(container, ".capture-title").map((title) => title.textContent)).toEqual([
      "Take a screenshot",
      "Record your screen",
    ]);
    await click(q(container, "[data-testid=flow-submit]"));
    expect(q(container, "[data-testid=error-capture]")?.textContent).toBe(
      "Please attach a screenshot or a recording of your screen.",
    );
    await attachRecording(rendered, "[data-capture=capture]");
    await click(q(container, "[data-testid=flow-submit]"));
    expect(feedbackSent(sent)[0]?.data.formData.capture).toBe("capture");
  });

  test("a flow that is not there: the error state without Retry", async () => {
    const rendered = await renderMessenger({
      routes: { "GET /flows/gone": new ApiError("not-found", 404, "Not found") },
    });
    await rendered.host({ name: "start-feedbackflow", data: { flow: "gone" } });
    await waitFor(() => q(rendered.container, "[data-testid=error-state]"));
    expect(q(rendered.container, "[data-testid=error-state] .state-text")?.textContent).toBe(
      "This is no longer available.",
    );
    expect(q(rendered.container, "[data-testid=error-state] button")).toBeNull();
  });

  test("German texts in the form", async () => {
    const { container } = await openFlow({ overrideLanguage: "de" });
    await click(q(container, "[data-testid=flow-submit]"));
    expect(q(container, "[data-testid=error-description]")?.textContent).toBe(
      "Bitte füllen Sie dieses Feld aus.",
    );
    expect(q(container, "[data-testid=flow-submit]")?.textContent).toBe("Senden");
  });
});
