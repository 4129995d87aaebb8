import { describe, expect, test } from "bun:test";
import { salaryMaxMessage } from "../../shared/jobs-schemas.ts";
import {
  emptyJobForm,
  type JobFormState,
  jobRequestFromForm,
  salaryRangeError,
  validateJobForm,
} from "./job-form-state.ts";

const filled: JobFormState = {
  ...emptyJobForm,
  companyId: "c1",
  title: "Backend developer",
  type: "FULL_TIME",
  level: "SENIOR",
  responsibilities: ["Write code", "", "Review code"],
  salaryMin: "1000",
  salaryMax: "2000",
  salaryUnit: "EUROS",
  salaryPer: "MONTH",
};

describe("job form", () => {
  test("a complete form has no errors and leaves blank responsibilities out", () => {
    expect(validateJobForm(filled)).toEqual({});
    const { body, rows } = jobRequestFromForm(filled);
    expect(body.responsibilities).toEqual(["Write code", "Review code"]);
    expect(rows).toEqual([0, 2]);
    expect(body.salary).toEqual({ min: 1000, max: 2000, unit: "EUROS", per: "MONTH" });
  });

  test("missing fields read as required, with the spec texts", () => {
    const errors = validateJobForm(emptyJobForm);
    expect(errors.title).toBe("title is required");
    expect(errors.companyId).toBe("companyId is required");
    expect(errors.type).toBe("type is required");
    expect(errors["salary.min"]).toBe("salary.min is required");
    expect(validateJobForm({ ...filled, title: "x" }).title).toBe("Must be greater than 1 characters");
  });

  test("a responsibility error points at its form row", () => {
    const errors = validateJobForm({ ...filled, responsibilities: ["", "y".repeat(201)] });
    expect(errors["responsibilities.1"]).toBe("Must be less than 201 characters");
  });

  test("max below min is reported on salary.max before any submit", () => {
    expect(salaryRangeError({ salaryMin: "500", salaryMax: "100" })).toBe(salaryMaxMessage);
    expect(salaryRangeError({ salaryMin: "500", salaryMax: "" })).toBeNull();
    expect(validateJobForm({ ...filled, salaryMax: "10" })["salary.max"]).toBe(salaryMaxMessage);
  });
});
