import { useT } from "../i18n/intl.ts";
import { FormField } from "../shell/form/form-field.tsx";
import type { GridCell } from "./skill-options.ts";

/**
 * The grid cell a skill sits in, picked from the grid's cells (shown 1-based, as people count): taken
 * cells are listed with their skill but cannot be picked. `fullHint` explains a grid without room.
 */
export function CellSelect({
  id,
  cells,
  value,
  error,
  fullHint,
  onChange,
}: {
  id: string;
  cells: readonly GridCell[];
  value: string;
  error: string | null;
  fullHint: string;
  onChange: (value: string) => void;
}) {
  const { t } = useT();
  const full = cells.every((cell) => cell.occupant && cell.key !== value);
  return (
    <FormField id={id} label={t("skill.field.position")} error={error}>
      {(props) => (
        <>
          <select {...props} name="cell" value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">{t("skillForm.chooseCell")}</option>
            {cells.map((cell) => {
              const position = t("skill.position", { row: cell.row + 1, column: cell.column + 1 });
              return (
                <option key={cell.key} value={cell.key} disabled={Boolean(cell.occupant)}>
                  {cell.occupant
                    ? t("skillForm.cellTaken", { position, name: cell.occupant.name })
                    : position}
                </option>
              );
            })}
          </select>
          {full && <p className="field-hint">{fullHint}</p>}
        </>
      )}
    </FormField>
  );
}
