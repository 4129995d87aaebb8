import { describe, expect, test } from "bun:test";
import { FetchError } from "ofetch";
import { messages } from "../../../shared/form-rule-messages.ts";
import { companyNameTakenMessage } from "../../../shared/jobs-api.ts";
import { translator } from "../../i18n/intl.ts";
import { formPath as jobFormPath } from "../../jobs/job-form-state.ts";
import { rootSkillFormPath } from "../../skills/root-skill-form-state.ts";
import { subSkillFormPath } from "../../skills/sub-skill-form-state.ts";
import { coinsFormErrors } from "../../users/user-edit-state.ts";
import { errorsBeforeSubmit, ruleMessage, serverFieldError } from "./form-errors.ts";

const de = translator("de");

// The forms show the shared rules' English words in the admin's language, with the field's label.
describe("rule messages in both languages", () => {
  const en = translator("en-US");

  test("'{field} is required' names the field by its label", () => {
    expect(ruleMessage(en, messages.required("title"), "Title")).toBe("Title is required");
    expect(ruleMessage(de, messages.required("title"), "Titel")).toBe("Titel ist erforderlich");
  });

  test("texts with a number keep it", () => {
    expect(ruleMessage(en, messages.tooShort(2), "Title")).toBe("Must be greater than 2 characters");
    expect(ruleMessage(en, messages.tooLong(80), "Title")).toBe("Must be less than 80 characters");
    expect(ruleMessage(de, messages.tooLong(80), "Titel")).toContain("80");
    expect(ruleMessage(de, messages.tooLong(80), "Titel")).not.toBe(messages.tooLong(80));
  });

  test("the e-mail rule has its German wording", () => {
    expect(ruleMessage(en, messages.email, "E-mail")).toBe("Email format is not valid");
    expect(ruleMessage(de, messages.email, "E-Mail")).not.toBe(messages.email);
  });
});

/** A refused call as ofetch throws it, with the API's `{ error, field? }` body. */
const refusal = (body: Record<string, unknown>) => Object.assign(new FetchError("refused"), { data: body });

describe("a server refusal lands at the form's field", () => {
  test("a body that names a field is an error of that field; one without a field is none", () => {
    expect(serverFieldError(refusal({ error: companyNameTakenMessage, field: "name" }))).toEqual({
      name: companyNameTakenMessage,
    });
    expect(serverFieldError(refusal({ error: "Skill not found" }))).toBeNull();
    expect(serverFieldError(refusal({ error: "x", field: "" }))).toBeNull();
    expect(serverFieldError(new Error("offline"))).toBeNull();
  });

  test("the API's name is mapped to the form's where they differ", () => {
    // Jobs: blank responsibility rows are not sent, so the body's second entry is the form's fourth row.
    expect(
      serverFieldError(refusal({ error: "Too long", field: "responsibilities.1" }), (path) =>
        jobFormPath(path, [0, 3]),
      ),
    ).toEqual({ "responsibilities.3": "Too long" });
    expect(
      serverFieldError(refusal({ error: "Company not found", field: "companyId" }), (path) =>
        jobFormPath(path, [0]),
      ),
    ).toEqual({ companyId: "Company not found" });
    // Skills: row and column are one cell picker; courses keep their form rows.
    expect(
      serverFieldError(refusal({ error: "Must be at most 3", field: "column" }), rootSkillFormPath),
    ).toEqual({ cell: "Must be at most 3" });
    expect(
      serverFieldError(refusal({ error: "Bad link", field: "courses.0.url" }), (path) =>
        subSkillFormPath(path, [2]),
      ),
    ).toEqual({ "courses.2.url": "Bad link" });
    // Coins: the API's `description` is the form's reason.
    expect(
      coinsFormErrors(
        serverFieldError(refusal({ error: "description is required", field: "description" })) ?? {},
      ),
    ).toEqual({ reason: "description is required" });
  });
});

describe("errors before the first submit", () => {
  test("only a text over its limit shows before a submit; other rules wait for it", () => {
    const errors = {
      title: messages.tooLong(101),
      companyId: messages.required("companyId"),
      "salary.unit": messages.required("salary.unit"),
      description: messages.tooShort(2),
    };
    expect(errorsBeforeSubmit(errors)).toEqual({ title: "Must be less than 101 characters" });
    expect(errorsBeforeSubmit({})).toEqual({});
  });

  test("the too-long text reads in German too", () => {
    expect(ruleMessage(de, messages.tooLong(101), "Titel")).toBe("Muss kürzer als 101 Zeichen sein");
  });
});
