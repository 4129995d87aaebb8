import { describe, expect, test } from "bun:test";
import type { RootSkillDetail } from "../../shared/skills-api.ts";
import {
  emptyRootSkillForm,
  type RootSkillFormState,
  rootSkillFormFromDetail,
  rootSkillRequest,
  validateRootSkillForm,
  withName,
} from "./root-skill-form-state.ts";

const filled: RootSkillFormState = {
  ...withName(emptyRootSkillForm("2:3"), "Cloud Computing"),
  icon: "☁️",
  dependencies: ["devops"],
};

describe("root skill form", () => {
  test("the id follows the name until the admin types one", () => {
    expect(filled.id).toBe("cloud-computing");
    const typed = { ...filled, id: "cloud", idTouched: true };
    expect(withName(typed, "Cloud Platforms").id).toBe("cloud");
  });

  test("a complete form has no errors and sends the cell as row and column", () => {
    expect(validateRootSkillForm(filled, true)).toEqual({});
    expect(rootSkillRequest(filled, true)).toEqual({
      id: "cloud-computing",
      name: "Cloud Computing",
      icon: "☁️",
      row: 2,
      column: 3,
      subRows: 4,
      subColumns: 4,
      dependencies: ["devops"],
    });
  });

  test("editing never sends the id", () => {
    expect(rootSkillRequest(filled, false)).not.toHaveProperty("id");
    expect(validateRootSkillForm({ ...filled, id: "" }, false)).toEqual({});
  });

  test("missing fields read as required; the picker stands for row and column", () => {
    const errors = validateRootSkillForm(emptyRootSkillForm(""), true);
    expect(errors.name).toBe("name is required");
    expect(errors.icon).toBe("icon is required");
    expect(errors.id).toBe("id is required");
    expect(errors.cell).toBe("row is required");
    expect(errors).not.toHaveProperty("row");
  });

  test("the schema's rules come through with their texts", () => {
    expect(validateRootSkillForm({ ...filled, id: "Cloud!", idTouched: true }, true).id).toBe(
      "Use lower-case letters and digits, separated by single hyphens",
    );
    expect(validateRootSkillForm({ ...filled, id: "settings" }, true).id).toBe("This id is reserved");
    expect(validateRootSkillForm({ ...filled, name: "C" }, true).name).toBe(
      "Must be greater than 1 characters",
    );
    expect(validateRootSkillForm({ ...filled, subRows: "13" }, true).subRows).toBe("Must be at most 12");
    expect(validateRootSkillForm({ ...filled, subColumns: "two" }, true).subColumns).toBe(
      "Must be a whole number",
    );
    expect(validateRootSkillForm({ ...filled, subRows: " " }, true).subRows).toBe("subRows is required");
  });

  test("a root skill from the API fills the form as it is", () => {
    const detail: RootSkillDetail = {
      id: "devops",
      name: "DevOps",
      icon: "⚙️",
      row: 2,
      column: 0,
      subRows: 3,
      subColumns: 3,
      dependencies: ["web-development"],
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      subSkills: [],
    };
    const state = rootSkillFormFromDetail(detail);
    expect(state).toMatchObject({ cell: "2:0", subRows: "3", subColumns: "3", idTouched: true });
    expect(validateRootSkillForm(state, false)).toEqual({});
  });
});
