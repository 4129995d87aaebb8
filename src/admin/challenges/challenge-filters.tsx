import {
  type ChallengeCategory,
  challengeDifficulties,
  challengeStatuses,
} from "../../shared/challenges-schemas.ts";
import { type FilterOption, FilterSelect } from "../shell/filter-select.tsx";
import { ChoiceFilter, ListFilters } from "../shell/list-filters.tsx";
import { type ChallengeListQuery, challengeListFiltered, uncategorised } from "./challenge-list-query.ts";

type FilterChange = Partial<Pick<ChallengeListQuery, "categoryId" | "difficulty" | "status">>;

/** Category, difficulty and status filters (README: `GET /api/challenges`). */
export function ChallengeFilters({
  query,
  categories,
  onChange,
  onReset,
}: {
  query: ChallengeListQuery;
  categories: readonly Pick<ChallengeCategory, "id" | "title">[];
  onChange: (change: FilterChange) => void;
  onReset: () => void;
}) {
  const categoryOptions: FilterOption[] = [
    { value: uncategorised, label: "challenges.filter.uncategorised" },
    ...categories.map((category) => ({ value: category.id, text: category.title })),
  ];
  // A category filter from a link stays selectable even when the choice list has not loaded it.
  if (query.categoryId && !categoryOptions.some((option) => option.value === query.categoryId)) {
    categoryOptions.push({ value: query.categoryId, text: query.categoryId });
  }
  return (
    <ListFilters active={challengeListFiltered(query)} onReset={onReset}>
      <FilterSelect
        name="categoryId"
        label="challenges.filter.category"
        value={query.categoryId}
        options={categoryOptions}
        onChange={(categoryId) => onChange({ categoryId })}
      />
      <ChoiceFilter
        name="difficulty"
        label="challenges.filter.difficulty"
        value={query.difficulty}
        values={challengeDifficulties}
        optionLabel={(difficulty) => `challenge.difficulty.${difficulty}`}
        onChange={(difficulty) => onChange({ difficulty })}
      />
      <ChoiceFilter
        name="status"
        label="challenges.filter.status"
        value={query.status}
        values={challengeStatuses}
        optionLabel={(status) => `challenge.status.${status}`}
        onChange={(status) => onChange({ status })}
      />
    </ListFilters>
  );
}
