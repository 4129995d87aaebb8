import { Fragment, type ReactNode } from "react";
import type { MessageId } from "../../i18n/en-US.ts";
import { type Translator, useT } from "../../i18n/intl.ts";
import { Button } from "../button.tsx";
import type { FieldControlProps } from "../form/form-field.tsx";
import type { PickerFieldProps } from "../form/search-picker.tsx";
import { FilterSelect } from "./filter-select.tsx";

/**
 * A list's filters as one group, with a reset button while any search or filter narrows the list
 * (`active`). `legend` and `reset` name the group and the button for screen readers and the eye.
 */
export function ListFilters({
  active,
  onReset,
  legend = "list.filters",
  reset = "list.reset",
  children,
}: {
  active: boolean;
  onReset: () => void;
  legend?: MessageId;
  reset?: MessageId;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">{t(legend)}</legend>
      {children}
      {active && (
        <Button variant="tertiary" size="sm" onClick={onReset}>
          {t(reset)}
        </Button>
      )}
    </fieldset>
  );
}

/** A filter on one of the API's `values`, or any (`null`); `optionLabel` names a value's message. */
export function ChoiceFilter<T extends string>({
  name,
  label,
  value,
  values,
  optionLabel,
  onChange,
}: {
  name: string;
  label: MessageId;
  value: T | null;
  values: readonly T[];
  optionLabel: (value: T) => MessageId;
  onChange: (value: T | null) => void;
}) {
  return (
    <FilterSelect
      name={name}
      label={label}
      value={value ?? ""}
      options={values.map((option) => ({ value: option, label: optionLabel(option) }))}
      // The select offers only `values` and "" (any), so looking the choice up needs no cast.
      onChange={(selected) => onChange(values.find((option) => option === selected) ?? null)}
    />
  );
}

// A list's filters declared as data (react-admin's `filters` of a `<List>`): each names the query field it
// sets and how it is offered; `DeclaredFilters` draws them, in their order, inside `ListFilters`.

/** One of the API's `values` of `field`, or any; `optionLabel` names a value's message. */
interface ChoiceFilterOf<K extends string, V extends string> {
  kind: "choice";
  field: K;
  label: MessageId;
  values: readonly V[];
  // Method syntax on purpose: it lets a choice of any values stand where any filter may.
  optionLabel(value: V): MessageId;
}

/** A yes (`true`), no (`false`) or any (`null`) field; `yes` and `no` name the two options. */
interface FlagFilterOf<K extends string> {
  kind: "flag";
  field: K;
  label: MessageId;
  yes: MessageId;
  no: MessageId;
}

/** A field that is `true` ("only these", named by `option`) or `false` (any). */
interface OnlyFilterOf<K extends string> {
  kind: "only";
  field: K;
  label: MessageId;
  option: MessageId;
}

/**
 * A record id field chosen with a search picker under `label` (`""`: any): `picker` draws the picker
 * for the field's props, with the translator for its fixed options ("Any").
 */
interface PickerFilterOf<K extends string> {
  kind: "picker";
  field: K;
  id: string;
  label: MessageId;
  // Method syntax on purpose, as for the choice above.
  picker(props: PickerFieldProps, tr: Translator): ReactNode;
}

/** A filter drawn by its own element, under `key`. */
interface ElementFilter {
  kind: "element";
  key: string;
  element: ReactNode;
}

/** A filter of a list whose query is `Q`, on a field of the right type for its kind. */
export type DeclaredFilter<Q> =
  | ElementFilter
  | {
      [K in keyof Q & string]:
        | (Q[K] extends string | null ? ChoiceFilterOf<K, NonNullable<Q[K]>> : never)
        | (Q[K] extends boolean | null ? FlagFilterOf<K> : never)
        | (Q[K] extends boolean ? OnlyFilterOf<K> : never)
        | (Q[K] extends string ? PickerFilterOf<K> : never);
    }[keyof Q & string];

type AnyFilter =
  | ElementFilter
  | ChoiceFilterOf<string, string>
  | FlagFilterOf<string>
  | OnlyFilterOf<string>
  | PickerFilterOf<string>;

export const choice = <K extends string, V extends string>(
  field: K,
  label: MessageId,
  values: readonly V[],
  optionLabel: (value: V) => MessageId,
): ChoiceFilterOf<K, V> => ({ kind: "choice", field, label, values, optionLabel });

export const flag = <K extends string>(
  field: K,
  label: MessageId,
  yes: MessageId,
  no: MessageId,
): FlagFilterOf<K> => ({
  kind: "flag",
  field,
  label,
  yes,
  no,
});

export const only = <K extends string>(field: K, label: MessageId, option: MessageId): OnlyFilterOf<K> => ({
  kind: "only",
  field,
  label,
  option,
});

export const pickerFilter = <K extends string>(
  field: K,
  id: string,
  label: MessageId,
  picker: PickerFilterOf<K>["picker"],
): PickerFilterOf<K> => ({ kind: "picker", field, id, label, picker });

export const filterElement = (key: string, element: ReactNode): ElementFilter => ({
  kind: "element",
  key,
  element,
});

/** What the declared filters read and set of a list's controller (`useListPage`). */
export interface FilteredList<Q> {
  query: Q;
  change: (change: Partial<Q>) => void;
  reset: () => void;
  filtered: boolean;
}

function DeclaredFilterField({
  filter,
  query,
  change,
}: {
  filter: AnyFilter;
  query: Record<string, unknown>;
  change: (change: Record<string, unknown>) => void;
}) {
  const tr = useT();
  switch (filter.kind) {
    case "element":
      return filter.element;
    case "picker":
      return (
        <PickerFilter id={filter.id} label={filter.label}>
          {(control) =>
            filter.picker(
              {
                control,
                name: filter.field,
                value: query[filter.field] as string,
                onChange: (option) => change({ [filter.field]: option?.id ?? "" }),
              },
              tr,
            )
          }
        </PickerFilter>
      );
    case "choice":
      return (
        <ChoiceFilter
          name={filter.field}
          label={filter.label}
          value={query[filter.field] as string | null}
          values={filter.values}
          optionLabel={(value) => filter.optionLabel(value)}
          onChange={(value) => change({ [filter.field]: value })}
        />
      );
    case "flag": {
      const value = query[filter.field] as boolean | null;
      return (
        <FilterSelect
          name={filter.field}
          label={filter.label}
          value={value === null ? "" : String(value)}
          options={[
            { value: "true", label: filter.yes },
            { value: "false", label: filter.no },
          ]}
          onChange={(selected) => change({ [filter.field]: selected === "" ? null : selected === "true" })}
        />
      );
    }
    case "only":
      return (
        <FilterSelect
          name={filter.field}
          label={filter.label}
          value={query[filter.field] ? "true" : ""}
          options={[{ value: "true", label: filter.option }]}
          onChange={(selected) => change({ [filter.field]: selected === "true" })}
        />
      );
  }
}

/** A list's declared `filters` in one group, with the reset button while the list is filtered. */
export function DeclaredFilters<Q>({
  list,
  filters,
  legend,
  reset,
}: {
  list: FilteredList<Q>;
  filters: readonly DeclaredFilter<Q>[];
  legend?: MessageId;
  reset?: MessageId;
}) {
  // Each filter sets only its own field, with a value of that field's type (see `DeclaredFilter`).
  const query = list.query as Record<string, unknown>;
  const change = list.change as (change: Record<string, unknown>) => void;
  return (
    <ListFilters active={list.filtered} onReset={list.reset} legend={legend} reset={reset}>
      {filters.map((filter: AnyFilter) => (
        <Fragment key={filter.kind === "element" ? filter.key : filter.field}>
          <DeclaredFilterField filter={filter} query={query} change={change} />
        </Fragment>
      ))}
    </ListFilters>
  );
}

/** A filter chosen with a search picker (`children` draws it with the control's props) under `label`. */
function PickerFilter({
  id,
  label,
  children,
}: {
  id: string;
  label: MessageId;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { t } = useT();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{t(label)}</label>
      {children({ id, "aria-invalid": false, "aria-describedby": undefined })}
    </div>
  );
}
