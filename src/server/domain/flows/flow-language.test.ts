import { describe, expect, test } from "bun:test";
import { translationLanguages } from "../../../shared/content-languages.ts";
import { defaultFlowText } from "../../../shared/default-flow-texts.ts";
import type { AdminFeedbackFlow } from "../../../shared/feedback-flows-api.ts";
import { defaultFeedbackFlows } from "./default-flows.ts";
import { localizedFlow } from "./flow-language.ts";

const stored = (flow: Partial<AdminFeedbackFlow> = {}): AdminFeedbackFlow => ({
  ...(defaultFeedbackFlows[0] as Omit<AdminFeedbackFlow, "id" | "createdAt" | "updatedAt" | "translations">),
  description: defaultFeedbackFlows[0]?.description ?? "",
  successMessage: defaultFeedbackFlows[0]?.successMessage ?? "",
  showOnHome: true,
  icon: "bug",
  position: 0,
  id: "f1",
  translations: {},
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  ...flow,
});

/** Every text a visitor reads in a flow. */
const textsOf = (flow: {
  title: string;
  description?: string;
  successMessage?: string;
  fields: Array<{ label: string; placeholder?: string; options?: string[] }>;
}) =>
  [
    flow.title,
    flow.description ?? "",
    flow.successMessage ?? "",
    ...flow.fields.flatMap((field) => [field.label, field.placeholder ?? "", ...(field.options ?? [])]),
  ].filter((text) => text !== "");

describe("the default flows in the widget's languages", () => {
  test("every text of every default flow has a German and an Arabic translation", () => {
    for (const flow of defaultFeedbackFlows)
      for (const text of textsOf(flow))
        for (const language of translationLanguages) expect(defaultFlowText(language, text)).not.toBeNull();
  });

  test("only default wordings are ours; nothing is found through the prototype", () => {
    expect(defaultFlowText("de", "Report a bug")).toBe("Fehler melden");
    expect(defaultFlowText("de", "Report a Bug")).toBeNull();
    expect(defaultFlowText("ar", "constructor")).toBeNull();
    expect(defaultFlowText("de", "")).toBeNull();
  });
});

describe("a flow in a visitor's language", () => {
  test("English: the flow as stored, without the admin's fields", () => {
    const flow = localizedFlow(stored({ translations: { de: { title: "Fehler?" } } }), "en");
    expect(flow.title).toBe("Report a bug");
    expect(flow).not.toHaveProperty("translations");
    expect(flow).not.toHaveProperty("status");
    expect(flow).not.toHaveProperty("position");
  });

  test("an unchanged default flow reads in our translation, every text of it", () => {
    const english = stored();
    const german = localizedFlow(english, "de");
    expect(textsOf(german)).toEqual(textsOf(english).map((text) => defaultFlowText("de", text) ?? ""));
    const arabic = localizedFlow(english, "ar");
    expect(arabic.fields[1]?.label).toBe("بريدك الإلكتروني");
    // The shape does not change: keys, types and rules as stored.
    expect(arabic.fields.map(({ key, type, required }) => ({ key, type, required }))).toEqual(
      english.fields.map(({ key, type, required }) => ({ key, type, required })),
    );
  });

  test("the admin's translation wins; their own English wording stays until translated", () => {
    const flow = stored({
      title: "Spotted a glitch?",
      fields: [
        { key: "description", type: "textarea", label: "What went wrong?", required: true },
        { key: "area", type: "select", label: "Where?", options: ["Editor", "Export"] },
      ],
      translations: {
        de: {
          description: "Etwas kaputt?",
          fields: { description: { label: "Was genau?" }, area: { options: ["Editor", "Export (PDF)"] } },
        },
      },
    });
    const german = localizedFlow(flow, "de");
    expect(german.title).toBe("Spotted a glitch?");
    expect(german.description).toBe("Etwas kaputt?");
    expect(german.fields[0]?.label).toBe("Was genau?");
    expect(german.fields[1]?.label).toBe("Where?");
    expect(german.fields[1]?.options).toEqual(["Editor", "Export (PDF)"]);
    // Arabic has no version of it: our translation of the unchanged default texts, theirs as written.
    const arabic = localizedFlow(flow, "ar");
    expect(arabic.title).toBe("Spotted a glitch?");
    expect(arabic.fields[0]?.label).toBe("ما المشكلة التي واجهتها؟");
  });

  test("translated choices that no longer match the field's are not used; a field without placeholder gets none", () => {
    const flow = stored({
      fields: [{ key: "area", type: "select", label: "Where?", options: ["Editor", "Export", "Sync"] }],
      translations: { de: { fields: { area: { options: ["Editor", "Export"] } } } },
    });
    const german = localizedFlow(flow, "de");
    expect(german.fields[0]?.options).toEqual(["Editor", "Export", "Sync"]);
    expect(german.fields[0]).not.toHaveProperty("placeholder");
  });
});
