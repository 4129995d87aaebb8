import { describe, expect, test } from "bun:test";
import { validate } from "superstruct";
import { type AdminFeedbackFlow, FeedbackFlowWrite } from "../../shared/feedback-flows-api.ts";
import {
  duplicateKeyRule,
  emptyFlowField,
  emptyFlowForm,
  type FlowForm,
  feedbackTypeRule,
  flowFormFromFlow,
  flowWrite,
  freshFieldKey,
  keyRule,
  moveField,
  noFieldsRule,
  validateFlowForm,
} from "./flow-form-state.ts";

const stored: AdminFeedbackFlow = {
  id: "f1",
  key: "bugreporting",
  title: "Report a bug",
  description: "Something broken?",
  feedbackType: "BUG",
  fields: [
    { key: "description", type: "textarea", label: "What happened?", required: true },
    { key: "area", type: "select", label: "Where?", options: ["Editor", "Export"] },
    { key: "capture", type: "capture", label: "Screenshot", captureType: "capture" },
  ],
  successMessage: "Thanks!",
  showOnHome: true,
  icon: "bug",
  status: "live",
  position: 2,
  translations: {
    de: { title: "Fehler melden", fields: { area: { label: "Wo?", options: ["Editor", "Exportieren"] } } },
    ar: { successMessage: "شكرًا!" },
  },
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

describe("feedback flow form", () => {
  test("a stored flow round-trips to the same body, position kept", () => {
    const form = flowFormFromFlow(stored);
    expect(validateFlowForm(form)).toEqual({});
    const body = flowWrite(form, stored.position);
    // The stored flow without its id and times, each field saying whether it is required.
    const { id, createdAt, updatedAt, ...written } = stored;
    expect(body).toEqual({
      ...written,
      fields: stored.fields.map((field) => ({ required: false, ...field })),
    });
    expect(validate(body, FeedbackFlowWrite)[0]).toBeUndefined();
  });

  test("translations: trimmed, empty texts and languages left out, kept with their field when it moves", () => {
    const form = flowFormFromFlow({ ...stored, translations: {} });
    expect(flowWrite(form).translations).toEqual({ de: null, ar: null });
    const [description, area, capture] = form.fields;
    if (!description || !area || !capture) throw new Error("the stored flow has three fields");
    const written = {
      ...form,
      translations: {
        ...form.translations,
        ar: { title: " أبلغ عن خطأ ", description: " ", successMessage: "" },
      },
      fields: [
        {
          ...area,
          translations: { ...area.translations, de: { label: "Wo?", placeholder: "", options: "A\n\nB " } },
        },
        {
          ...description,
          key: "details",
          translations: {
            ...description.translations,
            de: { label: "", placeholder: " Was? ", options: "" },
          },
        },
        // A capture field shows no placeholder: a written one is not sent.
        {
          ...capture,
          translations: { ...capture.translations, de: { label: "", placeholder: "Bild", options: "" } },
        },
      ],
    };
    expect(flowWrite(written).translations).toEqual({
      de: { fields: { area: { label: "Wo?", options: ["A", "B"] }, details: { placeholder: "Was?" } } },
      ar: { title: "أبلغ عن خطأ" },
    });
    expect(validateFlowForm(written)).toEqual({});
    // A select translated with another number of choices than its own is refused, at that field.
    const wrongCount = {
      ...written,
      fields: [
        { ...area, translations: { ...area.translations, de: { label: "", placeholder: "", options: "A" } } },
      ],
    };
    expect(Object.keys(validateFlowForm(wrongCount))).toEqual(["translations.de.fields.area.options"]);
  });

  test("a new flow needs its key, title and the first field's label", () => {
    const errors = validateFlowForm(emptyFlowForm());
    expect(errors).toEqual({
      key: "key is required",
      title: "title is required",
      "fields.0.label": "label is required",
    });
    const filled: FlowForm = {
      ...emptyFlowForm(),
      key: "contact",
      title: "Contact us",
      fields: [{ ...emptyFlowField(0), label: "Message" }],
    };
    expect(validateFlowForm(filled)).toEqual({});
    expect(flowWrite(filled).status).toBe("draft");
  });

  test("keys, report types, unique field keys and select options have their rules", () => {
    const form: FlowForm = {
      ...flowFormFromFlow(stored),
      key: "bug report",
      feedbackType: "bug",
      fields: [
        { ...emptyFlowField(0), key: "Area", label: "A" },
        { ...emptyFlowField(1), key: "area", label: "B", type: "select", options: " \n " },
        { ...emptyFlowField(2), key: "a.b", label: "C" },
      ],
    };
    expect(validateFlowForm(form)).toEqual({
      key: keyRule,
      feedbackType: feedbackTypeRule,
      "fields.1.key": duplicateKeyRule,
      "fields.1.options": "options is required",
      "fields.2.key": keyRule,
    });
    expect(validateFlowForm({ ...form, fields: [] })).toMatchObject({ fields: noFieldsRule });
  });

  test("texts over their limits say so", () => {
    const errors = validateFlowForm({
      ...flowFormFromFlow(stored),
      title: "x".repeat(201),
      icon: "y".repeat(41),
    });
    expect(errors).toEqual({
      title: "Must be less than 201 characters",
      icon: "Must be less than 41 characters",
    });
  });

  test("what the API schema refuses beyond the rules still shows", () => {
    const errors = validateFlowForm({ ...flowFormFromFlow(stored), description: "a\u0000b" });
    expect(Object.keys(errors)).toEqual(["description"]);
  });

  test("fields move within the list and new ones get a free key", () => {
    const fields = flowFormFromFlow(stored).fields;
    expect(moveField(fields, 2, -1).map((field) => field.key)).toEqual(["description", "capture", "area"]);
    expect(moveField(fields, 0, -1).map((field) => field.key)).toEqual(["description", "area", "capture"]);
    expect(freshFieldKey(fields)).toBe("field4");
    expect(freshFieldKey([...fields, { ...emptyFlowField(3), key: "field4" }])).toBe("field5");
  });
});
