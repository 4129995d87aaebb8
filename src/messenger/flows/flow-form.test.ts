import { describe, expect, test } from "bun:test";
import type { FlowField } from "../../shared/feedback-flows-api.ts";
import { memoryStorage } from "../test-support/messenger-test-kit.tsx";
import { captureFrom, draftStore, feedbackMessage, fieldError, initialValues } from "./flow-form.ts";

const field = (type: FlowField["type"], extra: Partial<FlowField> = {}): FlowField => ({
  key: type,
  type,
  label: type,
  ...extra,
});

describe("flow form rules", () => {
  test("required per type, and the e-mail format", () => {
    expect(fieldError(field("text", { required: true }), "  ")).toBe("required");
    expect(fieldError(field("textarea", { required: true }), "x")).toBeNull();
    expect(fieldError(field("email"), "")).toBeNull();
    expect(fieldError(field("email"), "ada@")).toBe("email");
    expect(fieldError(field("email", { required: true }), "ada@example.com")).toBeNull();
    expect(fieldError(field("rating", { required: true }), null)).toBe("rating");
    expect(fieldError(field("select", { required: true }), "")).toBe("option");
    expect(fieldError(field("checkbox", { required: true }), false)).toBe("tick");
    expect(fieldError(field("capture", { required: true }), null)).toBe("screenshot");
    expect(fieldError(field("capture", { required: true, captureType: "capture" }), null)).toBe("recording");
    expect(fieldError(field("capture", { required: true, captureType: "both" }), null)).toBe("capture");
    expect(
      fieldError(field("capture", { required: true, captureType: "both" }), {
        type: "capture",
        preview: null,
      }),
    ).toBeNull();
    expect(
      fieldError(field("capture", { required: true }), { type: "screenshot", preview: null }),
    ).toBeNull();
  });

  test("start values: session, then the host's pre-fill, then the draft", () => {
    const flow = {
      fields: [
        field("email", { key: "reportedBy" }),
        field("text", { key: "name" }),
        field("textarea", { key: "description" }),
        field("rating", { key: "rating" }),
        field("select", { key: "area", options: ["Billing", "Export"] }),
        field("checkbox", { key: "consent" }),
        field("capture", { key: "capture" }),
      ],
    };
    const values = initialValues(flow, {
      session: { email: "ada@example.com", name: "Ada" },
      formData: {
        description: "pre-filled",
        rating: "4",
        area: "Nope",
        consent: "true",
        capture: { value: "screenshot", dirty: true },
      },
      draft: { description: "typed", area: "Export" },
    });
    expect(values).toEqual({
      reportedBy: "ada@example.com",
      name: "Ada",
      description: "typed",
      rating: 4,
      area: "Export",
      consent: true,
      capture: { type: "screenshot", preview: null },
    });
  });

  test("captures in the shapes a host sends them, with a showable preview only", () => {
    expect(captureFrom("capture", null)).toEqual({ type: "capture", preview: null });
    expect(captureFrom({ value: "screenshot", dirty: true }, "data:image/png;base64,AAAA")).toEqual({
      type: "screenshot",
      preview: "data:image/png;base64,AAAA",
    });
    expect(captureFrom({ value: "screenshot", url: "javascript:alert(1)" }, null)?.preview).toBeNull();
    expect(captureFrom({ value: "other" }, null)).toBeNull();
  });

  test("send-feedback: trimmed values, the capture's type, reportedBy from the session, the flow's type", () => {
    const flow = {
      feedbackType: "BUG",
      fields: [field("textarea", { key: "description" }), field("text", { key: "page" }), field("capture")],
    };
    expect(
      feedbackMessage(flow, { description: "  It breaks ", page: "", capture: null }, { email: "a@b.co" }),
    ).toEqual({
      name: "send-feedback",
      data: {
        formData: { description: "It breaks", reportedBy: "a@b.co" },
        action: { feedbackType: "BUG", excludeData: { screenshot: true } },
        outboundId: null,
        spamToken: null,
      },
    });
    expect(
      feedbackMessage(flow, { description: "x", capture: { type: "screenshot", preview: null } }, null).data,
    ).toMatchObject({ formData: { description: "x", capture: "screenshot" }, action: { excludeData: {} } });
  });

  test("a draft keeps what was typed, not captures or empty values", () => {
    const storage = memoryStorage();
    const draft = draftStore("demo", "bugreporting", storage);
    draft.save({
      description: "typed",
      rating: 3,
      empty: "",
      consent: false,
      capture: { type: "screenshot", preview: null },
    });
    expect(draftStore("demo", "bugreporting", storage).load()).toEqual({ description: "typed", rating: 3 });
    expect(draftStore("demo", "other", storage).load()).toBeNull();
    draft.clear();
    expect(draft.load()).toBeNull();
  });
});
