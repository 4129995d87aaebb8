import { type ChallengeCategory, ChallengeCategoryRequest } from "../../shared/challenges-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";

/** What the category form holds; it is also the request body (`POST`/`PUT /api/challenge-categories`). */
export interface CategoryFormState {
  title: string;
  information: string;
}

export const categoryFields = ["title", "information"] as const;

export const emptyCategoryForm: CategoryFormState = { title: "", information: "" };

export function categoryFormFrom(category: ChallengeCategory): CategoryFormState {
  return { title: category.title, information: category.information };
}

/** Every field error of the form, by the shared schema the server checks the body with. */
export function validateCategoryForm(state: CategoryFormState): FieldErrors {
  return fieldErrors(state, ChallengeCategoryRequest);
}
