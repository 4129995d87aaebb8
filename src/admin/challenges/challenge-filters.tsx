import { challengeDifficulties, challengeStatuses } from "../../shared/challenges-api.ts";
import { useT } from "../i18n/intl.ts";
import { ChoiceFilter, ListFilters } from "../shell/list/list-filters.tsx";
import { CategoryPicker } from "./category-picker.tsx";
import { type ChallengeListQuery, challengeListFiltered, uncategorised } from "./challenge-list-query.ts";

type FilterChange = Partial<Pick<ChallengeListQuery, "categoryId" | "difficulty" | "status">>;

/**
 * Category, difficulty and status filters (README: `GET /api/challenges`). The category is searched
 * rather than listed, so any number of categories can be chosen; one set by a link shows its title.
 */
export function ChallengeFilters({
  query,
  onChange,
  onReset,
}: {
  query: ChallengeListQuery;
  onChange: (change: FilterChange) => void;
  onReset: () => void;
}) {
  const { t } = useT();
  return (
    <ListFilters active={challengeListFiltered(query)} onReset={onReset}>
      <div className="filter-field">
        <label htmlFor="challenge-filter-category">{t("challenges.filter.category")}</label>
        <CategoryPicker
          control={{ id: "challenge-filter-category", "aria-invalid": false, "aria-describedby": undefined }}
          name="categoryId"
          value={query.categoryId}
          fixedOptions={[
            { id: "", name: t("list.any") },
            { id: uncategorised, name: t("challenges.filter.uncategorised") },
          ]}
          onChange={(category) => onChange({ categoryId: category?.id ?? "" })}
        />
      </div>
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
