import type { ChallengeCategory } from "../../shared/challenges-api.ts";
import type { Translator } from "../i18n/intl.ts";
import { confirmDelete } from "../shell/overlay/confirm-delete.ts";
import { categoriesApi } from "./challenges-api.ts";

/**
 * Spec §4 "Challenge category: deletable after a confirmation": asks first (saying what becomes of its
 * challenges), then deletes and confirms with "Challenge category deleted" (spec §8). `onDeleted` runs
 * only when the server deleted it.
 */
export function confirmDeleteCategory(
  tr: Translator,
  category: Pick<ChallengeCategory, "id" | "title" | "challengeCount">,
  onDeleted: () => void,
): void {
  confirmDelete(tr, {
    messages: "category",
    values: { title: category.title, count: category.challengeCount },
    confirmLabel: "category.action.deleteCategory",
    remove: () => categoriesApi.remove(category.id),
    onDeleted,
  });
}
