import { challengeDifficulties, challengeStatuses } from "../../shared/challenges-api.ts";
import { choice, type DeclaredFilter, pickerFilter } from "../shell/list/list-filters.tsx";
import { CategoryPicker } from "./category-picker.tsx";
import { type ChallengeListQuery, uncategorised } from "./challenge-list-query.ts";

/**
 * Category, difficulty and status filters (docs/platform-api.md: `GET /api/challenges`). The category is
 * searched rather than listed, so any number of categories can be chosen; one set by a link shows its
 * title.
 */
export const challengeFilters: DeclaredFilter<ChallengeListQuery>[] = [
  pickerFilter("categoryId", "challenge-filter-category", "challenges.filter.category", (props, { t }) => (
    <CategoryPicker
      {...props}
      fixedOptions={[
        { id: "", name: t("list.any") },
        { id: uncategorised, name: t("challenges.filter.uncategorised") },
      ]}
    />
  )),
  choice(
    "difficulty",
    "challenges.filter.difficulty",
    challengeDifficulties,
    (level) => `challenge.difficulty.${level}`,
  ),
  choice("status", "challenges.filter.status", challengeStatuses, (status) => `challenge.status.${status}`),
];
