import { useT } from "../i18n/intl.ts";
import { CellSelect } from "./cell-select.tsx";
import type { RootSkillFormState } from "./root-skill-form-state.ts";
import { GridSizeInput } from "./skill-form-fields.tsx";
import type { GridCell } from "./skill-options.ts";
import type { UpdateRootSkillForm } from "./use-root-skill-form.ts";

/** The root skill's cell of the tree grid and the size of the grid its sub-skills sit in. */
export function RootSkillPlacementCard({
  cells,
  state,
  labelOf,
  error,
  update,
}: {
  cells: readonly GridCell[];
  state: Pick<RootSkillFormState, "cell" | "subRows" | "subColumns">;
  labelOf: (path: string) => string;
  error: (path: string) => string | null;
  update: UpdateRootSkillForm;
}) {
  const { t } = useT();
  // A grid too small for the sub-skills is about both sizes: each is marked and described by it.
  const subGridError = error("subGrid");
  const gridInput = (key: "subRows" | "subColumns") => (
    <GridSizeInput
      id={`skill-${key}`}
      name={key}
      label={labelOf(key)}
      error={error(key)}
      invalid={Boolean(subGridError)}
      describedBy={subGridError ? "skill-subGrid-error" : undefined}
      value={state[key]}
      onChange={(value) => update((current) => ({ ...current, [key]: value }), [key, "subGrid"])}
    />
  );
  return (
    <section className="detail-card">
      <h2>{t("skillForm.section.placement")}</h2>
      <CellSelect
        id="skill-cell"
        cells={cells}
        value={state.cell}
        error={error("cell")}
        fullHint={t("skillForm.rootGridFull")}
        onChange={(cell) => update((current) => ({ ...current, cell }), ["cell"])}
      />
      <div className="form-row">
        {gridInput("subRows")}
        {gridInput("subColumns")}
      </div>
      <p className="field-hint">{t("skillForm.subGridHint")}</p>
      {subGridError && (
        <p className="form-error field-error" id="skill-subGrid-error" role="alert">
          {subGridError}
        </p>
      )}
    </section>
  );
}
