import {
  type ChallengeCategory,
  challengeDifficulties,
  challengeStatuses,
} from "../../shared/challenges-schemas.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { type FilterOption, FilterSelect } from "../shell/filter-select.tsx";
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
  const { t } = useT();
  const categoryOptions: FilterOption[] = [
    { value: uncategorised, label: "challenges.filter.uncategorised" },
    ...categories.map((category) => ({ value: category.id, text: category.title })),
  ];
  // A category filter from a link stays selectable even when the choice list has not loaded it.
  if (query.categoryId && !categoryOptions.some((option) => option.value === query.categoryId)) {
    categoryOptions.push({ value: query.categoryId, text: query.categoryId });
  }
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">{t("list.filters")}</legend>
      <FilterSelect
        name="categoryId"
        label="challenges.filter.category"
        value={query.categoryId}
        options={categoryOptions}
        onChange={(categoryId) => onChange({ categoryId })}
      />
      <FilterSelect
        name="difficulty"
        label="challenges.filter.difficulty"
        value={query.difficulty ?? ""}
        options={challengeDifficulties.map((value) => ({ value, label: `challenge.difficulty.${value}` }))}
        onChange={(value) => onChange({ difficulty: (value || null) as ChallengeListQuery["difficulty"] })}
      />
      <FilterSelect
        name="status"
        label="challenges.filter.status"
        value={query.status ?? ""}
        options={challengeStatuses.map((value) => ({ value, label: `challenge.status.${value}` }))}
        onChange={(value) => onChange({ status: (value || null) as ChallengeListQuery["status"] })}
      />
      {challengeListFiltered(query) && (
        <Button variant="tertiary" size="sm" onClick={onReset}>
          {t("list.reset")}
        </Button>
      )}
    </fieldset>
  );
}
