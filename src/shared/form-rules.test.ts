import { describe, expect, test } from "bun:test";
import { object, StructError, validate } from "superstruct";
import { isTooLong, messages } from "./form-rule-messages.ts";
import { email, failureBody, mfaCode, oneOf, text } from "./form-rules.ts";

/** The first failure's message of `value` against one field named `name`. */
function failure(rule: Parameters<typeof object>[0][string], value: unknown, name = "title") {
  const [error] = validate({ [name]: value }, object({ [name]: rule }));
  return error ? failureBody(error) : null;
}

describe("spec §5 validation texts", () => {
  test("the six texts, word for word", () => {
    expect(messages.required("Title")).toBe("Title is required");
    expect(messages.tooShort(2)).toBe("Must be greater than 2 characters");
    expect(messages.tooLong(80)).toBe("Must be less than 80 characters");
    expect(messages.email).toBe("Email format is not valid");
    expect(messages.code).toBe("Invalid code format");
    expect(messages.form).toBe("Please fill in form correctly.");
  });

  test("text(min, max): missing, blank, too short, too long, fine", () => {
    const rule = text(3, 10);
    expect(failure(rule, undefined)).toEqual({ error: "title is required", field: "title" });
    expect(failure(rule, "   ")).toEqual({ error: "title is required", field: "title" });
    expect(failure(rule, "ab")).toEqual({ error: "Must be greater than 2 characters", field: "title" });
    expect(failure(rule, "x".repeat(11))).toEqual({
      error: "Must be less than 11 characters",
      field: "title",
    });
    expect(failure(rule, "  abc  ")).toBeNull();
  });

  test("a pasted text over the limit is refused whole with the too-long text, which isTooLong knows", () => {
    const pasted = "x".repeat(150);
    const refused = failure(text(2, 100), pasted);
    expect(refused).toEqual({ error: "Must be less than 101 characters", field: "title" });
    expect(isTooLong(refused?.error ?? "")).toBe(true);
    expect(failure(text(2, 100), "x".repeat(100))).toBeNull();
    for (const other of [
      messages.tooShort(2),
      messages.required("title"),
      messages.email,
      "Must be at most 3",
    ])
      expect(isTooLong(other)).toBe(false);
  });

  test("email: a malformed address and a good one", () => {
    expect(failure(email, "not-an-address", "email")).toEqual({
      error: "Email format is not valid",
      field: "email",
    });
    expect(failure(email, "ada@example.com", "email")).toBeNull();
  });

  test("the MFA code is exactly six digits", () => {
    for (const code of ["12345", "1234567", "12a456", " 123456", ""])
      expect(failure(mfaCode, code, "code")?.error).toBe("Invalid code format");
    expect(failure(mfaCode, "012345", "code")).toBeNull();
  });

  test("oneOf: missing is required, a wrong value lists the allowed ones", () => {
    const rule = oneOf(["ABUSE", "OTHER"]);
    expect(failure(rule, "", "reason")?.error).toBe("reason is required");
    expect(failure(rule, "SPAM", "reason")?.error).toBe("Must be one of ABUSE, OTHER");
  });

  test("a body that is not an object reads as 'Please fill in form correctly.'", () => {
    const [error] = validate("text", object({ title: text(1, 5) }));
    expect(error).toBeInstanceOf(StructError);
    expect(failureBody(error as StructError)).toEqual({ error: "Please fill in form correctly." });
  });
});
