import { challengeDifficulties, challengeStatuses } from "../../shared/challenges-api.ts";
import { useT } from "../i18n/intl.ts";
import {
  choice,
  type DeclaredFilter,
  type FilteredList,
  filterElement,
  PickerFilter,
} from "../shell/list/list-filters.tsx";
import { CategoryPicker } from "./category-picker.tsx";
import { type ChallengeListQuery, uncategorised } from "./challenge-list-query.ts";

/**
 * The category filter. The category is searched rather than listed, so any number of categories can be
 * chosen; one set by a link shows its title.
 */
function CategoryFilter({ list }: { list: FilteredList<ChallengeListQuery> }) {
  const { t } = useT();
  return (
    <PickerFilter id="challenge-filter-category" label="challenges.filter.category">
      {(control) => (
        <CategoryPicker
          control={control}
          name="categoryId"
          value={list.query.categoryId}
          fixedOptions={[
            { id: "", name: t("list.any") },
            { id: uncategorised, name: t("challenges.filter.uncategorised") },
          ]}
          onChange={(category) => list.change({ categoryId: category?.id ?? "" })}
        />
      )}
    </PickerFilter>
  );
}

/** Category, difficulty and status filters (docs/platform-api.md: `GET /api/challenges`). */
export const challengeFilters = (
  list: FilteredList<ChallengeListQuery>,
): DeclaredFilter<ChallengeListQuery>[] => [
  filterElement("categoryId", <CategoryFilter list={list} />),
  choice(
    "difficulty",
    "challenges.filter.difficulty",
    challengeDifficulties,
    (level) => `challenge.difficulty.${level}`,
  ),
  choice("status", "challenges.filter.status", challengeStatuses, (status) => `challenge.status.${status}`),
];
