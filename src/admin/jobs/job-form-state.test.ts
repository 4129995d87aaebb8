import { describe, expect, test } from "bun:test";
import { messages } from "../../shared/form-rule-messages.ts";
import { type JobDetail, skillListedTwiceMessage } from "../../shared/jobs-api.ts";
import {
  addSkillRequirement,
  emptyJobForm,
  type JobFormState,
  jobChoicePaths,
  jobFormFromDetail,
  jobRequestFromForm,
  type SkillRequirementRow,
  salaryRangeError,
  tooManyRequirementsMessage,
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

  test("a choice left on “Choose…” is required at the path its select shows, the salary's included", () => {
    for (const key of Object.keys(jobChoicePaths) as Array<keyof typeof jobChoicePaths>) {
      const errors = validateJobForm({ ...filled, [key]: "" });
      expect(Object.keys(errors)).toEqual([jobChoicePaths[key]]);
      expect(errors[jobChoicePaths[key]]).toBe(`${jobChoicePaths[key]} is required`);
    }
    expect(jobChoicePaths.salaryUnit).toBe("salary.unit");
    expect(jobChoicePaths.salaryPer).toBe("salary.per");
  });

  test("a responsibility error points at its form row", () => {
    const errors = validateJobForm({ ...filled, responsibilities: ["", "y".repeat(201)] });
    expect(errors["responsibilities.1"]).toBe("Must be less than 201 characters");
  });

  test("max below min is reported on salary.max before any submit", () => {
    expect(salaryRangeError({ salaryMin: "500", salaryMax: "100" })).toBe(messages.salaryMax);
    expect(salaryRangeError({ salaryMin: "500", salaryMax: "" })).toBeNull();
    expect(validateJobForm({ ...filled, salaryMax: "10" })["salary.max"]).toBe(messages.salaryMax);
  });
});

const python: SkillRequirementRow = {
  subSkillId: "python",
  subSkillName: "Python",
  rootSkillId: "programming",
  minLevel: "5",
};

describe("job form skill requirements", () => {
  test("a stored job's requirements fill the form and go back with the request", () => {
    const job = {
      companyId: "c1",
      title: "Backend developer",
      description: "",
      location: "",
      remote: false,
      type: "FULL_TIME",
      level: "SENIOR",
      responsibilities: [],
      salary: { min: 1, max: 2, unit: "EUROS", per: "MONTH" },
      contact: "",
      skillRequirements: [
        { subSkillId: "python", subSkillName: "Python", rootSkillId: "programming", minLevel: 5 },
      ],
    } as unknown as JobDetail;
    const state = jobFormFromDetail(job);
    expect(state.skillRequirements).toEqual([python]);
    expect(jobRequestFromForm(state).body.skillRequirements).toEqual([{ subSkillId: "python", minLevel: 5 }]);
  });

  test("a new requirement is added with the shared rules; a level out of range is refused at the level", () => {
    const added = addSkillRequirement(filled, python);
    expect("state" in added && added.state.skillRequirements).toEqual([python]);
    expect(addSkillRequirement(filled, { ...python, minLevel: "0" })).toEqual({
      field: "minLevel",
      message: "Must be at least 1",
    });
    expect(addSkillRequirement(filled, { ...python, minLevel: "101" })).toEqual({
      field: "minLevel",
      message: "Must be at most 100",
    });
    expect(addSkillRequirement(filled, { ...python, minLevel: "2.5" })).toEqual({
      field: "minLevel",
      message: "Must be a whole number",
    });
  });

  test("a sub-skill listed twice is refused at the sub-skill, even while other fields are still empty", () => {
    const once = { ...emptyJobForm, skillRequirements: [python] };
    expect(addSkillRequirement(once, { ...python, minLevel: "9" })).toEqual({
      field: "subSkillId",
      message: skillListedTwiceMessage,
    });
  });

  test("at most 50 requirements", () => {
    const rows = Array.from({ length: 50 }, (_, index) => ({ ...python, subSkillId: `skill-${index}` }));
    expect(addSkillRequirement({ ...filled, skillRequirements: rows }, python)).toEqual({
      field: "skillRequirements",
      message: tooManyRequirementsMessage,
    });
  });

  test("a level emptied in a row is reported at that row", () => {
    const state = { ...filled, skillRequirements: [python, { ...python, subSkillId: "go", minLevel: "" }] };
    expect(validateJobForm(state)).toEqual({
      "skillRequirements.1.minLevel": "skillRequirements.1.minLevel is required",
    });
  });
});
