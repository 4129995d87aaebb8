import { describe, expect, test } from "bun:test";
import type { ChallengeDetail } from "../../shared/challenges-api.ts";
import type { RootSkillDetail } from "../../shared/skills-api.ts";
import {
  type ChallengeFormState,
  challengeFormFromDetail,
  challengeRequestFromForm,
  emptyChallengeForm,
  skillGroups,
  toggleSkill,
  validateChallengeForm,
} from "./challenge-form-state.ts";

const filled: ChallengeFormState = {
  ...emptyChallengeForm,
  title: "Loops in Practice",
  description: "Count, sum and search with loops.",
  difficulty: "MEDIUM",
  skillIds: ["loops"],
};

const root = (id: string, subSkills: Array<{ id: string; name: string }>) =>
  ({ id, name: id.toUpperCase(), subSkills }) as unknown as RootSkillDetail;

describe("challenge form", () => {
  test("a complete form has no errors; no category is sent as null", () => {
    expect(validateChallengeForm(filled)).toEqual({});
    expect(challengeRequestFromForm(filled)).toEqual({
      categoryId: null,
      title: "Loops in Practice",
      description: "Count, sum and search with loops.",
      difficulty: "MEDIUM",
      status: "DRAFT",
      skillIds: ["loops"],
    });
    expect(challengeRequestFromForm({ ...filled, categoryId: "c1" }).categoryId).toBe("c1");
  });

  test("missing and short fields read with the spec's texts", () => {
    const errors = validateChallengeForm(emptyChallengeForm);
    expect(errors.title).toBe("title is required");
    expect(errors.difficulty).toBe("difficulty is required");
    expect(errors.description).toBeUndefined();
    expect(validateChallengeForm({ ...filled, title: "x" }).title).toBe("Must be greater than 1 characters");
    expect(validateChallengeForm({ ...filled, title: "x".repeat(121) }).title).toBe(
      "Must be less than 121 characters",
    );
  });

  test("too many skills are refused like the server does", () => {
    const skillIds = Array.from({ length: 51 }, (_, index) => `s${index}`);
    expect(validateChallengeForm({ ...filled, skillIds }).skillIds).toBe("Must have no more than 50 entries");
  });

  test("a detail fills the form", () => {
    const detail = {
      id: "ch1",
      title: "Closures",
      description: "",
      difficulty: "HARD",
      status: "PUBLISHED",
      categoryId: null,
      skills: [{ subSkillId: "js", name: "JavaScript", rootSkillId: "web" }],
    } as unknown as ChallengeDetail;
    expect(challengeFormFromDetail(detail)).toEqual({
      title: "Closures",
      description: "",
      categoryId: "",
      difficulty: "HARD",
      status: "PUBLISHED",
      skillIds: ["js"],
    });
  });

  test("toggling a skill adds it once and takes it out", () => {
    expect(toggleSkill(["a"], "b", true)).toEqual(["a", "b"]);
    expect(toggleSkill(["a", "b"], "b", true)).toEqual(["a", "b"]);
    expect(toggleSkill(["a", "b"], "a", false)).toEqual(["b"]);
  });

  test("skill groups follow the tree and keep a chosen skill the tree no longer lists", () => {
    const roots = [root("web", [{ id: "html", name: "HTML" }]), root("empty", [])];
    expect(skillGroups(roots, [])).toEqual([
      { id: "web", name: "WEB", skills: [{ id: "html", name: "HTML" }] },
    ]);
    const groups = skillGroups(roots, [
      { subSkillId: "html", name: "HTML", rootSkillId: "web" },
      { subSkillId: "css", name: "CSS", rootSkillId: "web" },
      { subSkillId: "sql", name: "SQL", rootSkillId: "data" },
    ]);
    expect(groups.map((group) => [group.id, group.skills.map((skill) => skill.id)])).toEqual([
      ["web", ["html", "css"]],
      ["data", ["sql"]],
    ]);
  });
});
