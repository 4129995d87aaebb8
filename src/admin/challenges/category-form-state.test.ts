import { describe, expect, test } from "bun:test";
import type { ChallengeCategory } from "../../shared/challenges-api.ts";
import { categoryFormFrom, emptyCategoryForm, validateCategoryForm } from "./category-form-state.ts";

describe("category form", () => {
  test("a title alone is enough; information is optional", () => {
    expect(validateCategoryForm({ title: "Python Fundamentals", information: "" })).toEqual({});
  });

  test("the title rules read with the spec's texts", () => {
    expect(validateCategoryForm(emptyCategoryForm)).toEqual({ title: "title is required" });
    expect(validateCategoryForm({ title: " x ", information: "" }).title).toBe(
      "Must be greater than 1 characters",
    );
    expect(validateCategoryForm({ title: "t".repeat(101), information: "" }).title).toBe(
      "Must be less than 101 characters",
    );
    expect(validateCategoryForm({ title: "Go", information: "i".repeat(2001) }).information).toBe(
      "Must be less than 2001 characters",
    );
  });

  test("a category fills the form with its two fields", () => {
    const category = {
      id: "c1",
      title: "SQL",
      information: "Queries",
      challengeCount: 3,
    } as unknown as ChallengeCategory;
    expect(categoryFormFrom(category)).toEqual({ title: "SQL", information: "Queries" });
  });
});
