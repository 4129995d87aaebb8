import { describe, expect, test } from "bun:test";
import type { SubSkill } from "../../shared/skills-api.ts";
import {
  emptySubSkillForm,
  type SubSkillFormState,
  subSkillFormFromDetail,
  subSkillFormPath,
  subSkillRequest,
  validateSubSkillForm,
} from "./sub-skill-form-state.ts";

const filled: SubSkillFormState = {
  ...emptySubSkillForm("🌐", "1:2"),
  name: "Web Sockets",
  dependencies: ["web-development-http-and-rest"],
  courses: [
    { title: "Sockets: Crash Course", url: "https://learn.example/sockets" },
    { title: " ", url: "" },
    { title: "Sockets: Workshop", url: "https://learn.example/sockets/workshop" },
  ],
};

describe("sub-skill form", () => {
  test("a new sub-skill starts with the root's icon and the chosen cell, without courses", () => {
    expect(emptySubSkillForm("🌐", "0:1")).toEqual({
      name: "",
      icon: "🌐",
      cell: "0:1",
      dependencies: [],
      courses: [],
    });
  });

  test("a complete form has no errors; blank course rows are left out", () => {
    expect(validateSubSkillForm(filled)).toEqual({});
    const { body, rows } = subSkillRequest(filled);
    expect(rows).toEqual([0, 2]);
    expect(body).toMatchObject({ row: 1, column: 2, name: "Web Sockets", icon: "🌐" });
    expect(body.courses).toEqual([filled.courses[0], filled.courses[2]]);
  });

  test("a course error points at its form row", () => {
    const errors = validateSubSkillForm({
      ...filled,
      courses: [
        { title: "", url: "" },
        { title: "Half a course", url: "" },
        { title: "", url: "ftp://files.example/course" },
      ],
    });
    // The rule names the body's path; the form shows the row's label instead ("Course 2 link is required").
    expect(errors["courses.1.url"]).toBe("courses.0.url is required");
    expect(errors["courses.2.title"]).toBe("courses.1.title is required");
    expect(errors["courses.2.url"]).toBe("Must be a link starting with http:// or https://");
    expect(errors["courses.0.title"]).toBeUndefined();
  });

  test("server paths map back to the form", () => {
    expect(subSkillFormPath("courses.1.url", [0, 2])).toBe("courses.2.url");
    expect(subSkillFormPath("courses", [0, 2])).toBe("courses");
    expect(subSkillFormPath("column", [])).toBe("cell");
    expect(subSkillFormPath("dependencies", [])).toBe("dependencies");
  });

  test("missing name, icon and cell read as required", () => {
    const errors = validateSubSkillForm(emptySubSkillForm("", ""));
    expect(errors).toEqual({
      name: "name is required",
      icon: "icon is required",
      cell: "row is required",
    });
  });

  test("more than 20 courses are refused on the list", () => {
    const courses = Array.from({ length: 21 }, (_, index) => ({
      title: `Course ${index}`,
      url: `https://learn.example/${index}`,
    }));
    expect(validateSubSkillForm({ ...filled, courses }).courses).toBe("Must list at most 20 courses");
  });

  test("a sub-skill from the API fills the form as it is", () => {
    const detail: SubSkill = {
      id: "web-development-html",
      rootId: "web-development",
      name: "HTML",
      icon: "🌐",
      row: 0,
      column: 0,
      dependencies: [],
      courses: [{ title: "HTML: Reading List", url: "https://learn.example/html" }],
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    const state = subSkillFormFromDetail(detail);
    expect(state.cell).toBe("0:0");
    expect(state.courses).toEqual(detail.courses);
    expect(state.courses).not.toBe(detail.courses);
    expect(validateSubSkillForm(state)).toEqual({});
  });
});
