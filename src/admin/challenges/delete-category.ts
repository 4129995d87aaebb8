import type { ChallengeCategory } from "../../shared/challenges-api.ts";
import type { Translator } from "../i18n/intl.ts";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
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
  confirmAction({
    type: "danger",
    heading: tr.t("category.confirm.deleteTitle", { title: category.title }),
    body: tr.t("category.confirm.deleteBody", { count: category.challengeCount }),
    confirmLabel: tr.t("category.action.deleteCategory"),
    onConfirm: async () => {
      if ((await runAction(() => categoriesApi.remove(category.id), "category.deleted")).ok) onDeleted();
    },
  });
}
