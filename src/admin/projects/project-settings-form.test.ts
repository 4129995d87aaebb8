import { describe, expect, test } from "bun:test";
import { validate } from "superstruct";
import { type AdminProjectSettings, FlowConfigWrite } from "../../shared/inbox-api.ts";
import { expectAnswersByText } from "../../shared/test-support/answer-cases.ts";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import {
  colorInputValue,
  colorRule,
  duplicateLabelRule,
  languageChoices,
  normalizeOrigin,
  originRule,
  previewFlowConfig,
  type SettingsForm,
  settingsFormFromProject,
  settingsFormPath,
  settingsWrite,
  tooManyRule,
  validateSettingsForm,
} from "./project-settings-form.ts";

const project: AdminProjectSettings = {
  id: "p1",
  name: "Acme",
  sdkKey: "acme",
  flowConfig: { color: "#123456", feedbackButtonPosition: "BUTTON_CLASSIC", customKey: 7 },
  allowedOrigins: ["https://acme.test"],
  identityVerification: true,
  identitySecret: "s3cret",
  featureRequestApproval: false,
  autoAssign: false,
  createdAt: "2026-11-01T00:00:00.000Z",
};

const form = (change: Partial<SettingsForm> = {}): SettingsForm => ({
  ...settingsFormFromProject(project),
  ...change,
});

describe("project settings form", () => {
  test("reads a stored project with the defaults for what it leaves out", () => {
    const state = form();
    expect(state).toMatchObject({
      name: "Acme",
      color: "#123456",
      headerColor: defaultFlowConfig.headerColor,
      borderRadius: "20",
      buttonX: "20",
      feedbackButtonPosition: "BUTTON_CLASSIC",
      // A project that fixes no language: the visitor's browser decides.
      language: "",
      rtl: false,
      translations: [],
      enableNetworkLogs: true,
      allowedOrigins: "https://acme.test",
      identityVerification: true,
      featureRequestApproval: false,
      autoAssign: false,
    });
    expect(validateSettingsForm(state)).toEqual({});
  });

  test("colours, pixel values and the name have their rules", () => {
    const errors = validateSettingsForm(
      form({
        name: " ",
        color: "485BFF",
        buttonColor: "",
        borderRadius: "-1",
        buttonX: "1.5",
        buttonY: "2001",
      }),
    );
    expect(errors).toEqual({
      name: "name is required",
      color: colorRule,
      buttonColor: "buttonColor is required",
      borderRadius: "Must be a whole number",
      buttonX: "Must be a whole number",
      buttonY: "Must be at most 2000",
    });
    expect(validateSettingsForm(form({ color: "#abc", buttonY: "0" }))).toEqual({});
  });

  test("origins must be exact origins, at most 50", () => {
    expect(normalizeOrigin("https://App.Example.com/")).toBe("https://app.example.com");
    expect(normalizeOrigin("http://localhost:8080")).toBe("http://localhost:8080");
    for (const bad of [
      "app.example.com",
      "https://a.test/path",
      "ftp://a.test",
      "https://u@a.test",
      "https://",
    ])
      expect(normalizeOrigin(bad)).toBeNull();
    expect(validateSettingsForm(form({ allowedOrigins: "https://a.test\n\nnot an origin" }))).toEqual({
      allowedOrigins: originRule,
    });
    const many = Array.from({ length: 51 }, (_, i) => `https://s${i}.test`).join("\n");
    expect(validateSettingsForm(form({ allowedOrigins: many }))).toEqual({ allowedOrigins: tooManyRule });
  });

  test("translation rows need a unique label and a text", () => {
    const errors = validateSettingsForm(
      form({
        translations: [
          { label: "Feedback", text: "Hilfe" },
          { label: "Feedback", text: "" },
          { label: "", text: "x" },
        ],
      }),
    );
    expect(errors).toEqual({
      "translations.1.label": duplicateLabelRule,
      "translations.1.text": "text is required",
      "translations.2.label": "label is required",
    });
  });

  test("the preview keeps the stored value while a typed one is not valid yet", () => {
    const preview = previewFlowConfig(
      form({ buttonColor: "#12", color: "#00ff00", buttonX: "", buttonY: "2900", rtl: true }),
      project.flowConfig,
    );
    expect(preview.buttonColor).toBe(defaultFlowConfig.buttonColor);
    expect(preview.color).toBe("#00ff00");
    expect(preview.buttonX).toBe(20);
    expect(preview.buttonY).toBe(2000);
    expect(preview.localizationOptions).toEqual({ language: "", rtl: true });
  });

  test("the body sends numbers, lists and origins as the API wants, and only keys it knows", () => {
    const body = settingsWrite(
      form({
        name: " Acme shop ",
        borderRadius: "8",
        networkLogBlacklist: "https://a.test/x\n\n  https://b.test  ",
        allowedOrigins: "https://acme.test/\nhttps://acme.test\nhttp://localhost:3000",
        translations: [{ label: "Feedback", text: "Hilfe" }],
        identityVerification: false,
        featureRequestApproval: true,
      }),
      project.flowConfig,
    );
    expect(body.name).toBe("Acme shop");
    expect(body.allowedOrigins).toEqual(["https://acme.test", "http://localhost:3000"]);
    expect(body.identityVerification).toBe(false);
    expect(body.featureRequestApproval).toBe(true);
    expect(body.flowConfig).not.toHaveProperty("customKey");
    expect(validate(body.flowConfig, FlowConfigWrite)[0]).toBeUndefined();
    expect(body.flowConfig).toMatchObject({
      color: "#123456",
      borderRadius: 8,
      networkLogBlacklist: ["https://a.test/x", "https://b.test"],
      staticTranslations: { Feedback: "Hilfe" },
      feedbackButtonPosition: "BUTTON_CLASSIC",
    });
  });

  test("the language: the visitor's browser first, then ours, then a project's other code; all sendable", () => {
    expect(languageChoices("")).toEqual(["", "en", "de", "ar"]);
    expect(languageChoices("de")).toEqual(["", "en", "de", "ar"]);
    expect(languageChoices("pt-br")).toEqual(["", "en", "de", "ar", "pt-br"]);
    for (const language of ["", "de", "pt-BR"]) {
      const body = settingsWrite(form({ language }), project.flowConfig);
      expect(body.flowConfig.localizationOptions).toEqual({ language, rtl: false });
      expect(validate(body.flowConfig, FlowConfigWrite)[0]).toBeUndefined();
    }
    const auto = settingsWrite(form({ language: "automatic" }), project.flowConfig);
    expect(validate(auto.flowConfig, FlowConfigWrite)[0]?.path).toEqual(["localizationOptions", "language"]);
  });

  test("colour inputs get six lower-case digits", () => {
    expectAnswersByText(colorInputValue, { "#ABC": "#aabbcc", "#485BFF": "#485bff", red: null });
  });

  test("API refusals land at the field that shows them", () => {
    expectAnswersByText(settingsFormPath, {
      "flowConfig.color": "color",
      "flowConfig.localizationOptions.language": "language",
      "flowConfig.staticTranslations.Feedback": "translations",
      "allowedOrigins.3": "allowedOrigins",
      "flowConfig.networkLogBlacklist.2": "networkLogBlacklist",
      name: "name",
    });
  });
});
