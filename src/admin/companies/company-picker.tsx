import type { FieldControlProps } from "../shell/form/form-field.tsx";
import { SearchPicker } from "../shell/form/search-picker.tsx";
import type { PickerOption } from "../shell/form/search-picker-state.ts";
import { companiesApi } from "./companies-api.ts";

/**
 * The company choice of the job form and the job list's filter: a search picker over the companies API,
 * by name. `anyLabel` adds a first option that clears the choice (a list filter's "Any").
 */
export function CompanyPicker({
  anyLabel,
  ...props
}: {
  control: FieldControlProps;
  name: string;
  value: string;
  selectedName?: string;
  anyLabel?: string;
  onChange: (company: PickerOption | null) => void;
}) {
  return (
    <SearchPicker
      {...props}
      fixedOptions={anyLabel ? [{ id: "", name: anyLabel }] : []}
      search={(text) => companiesApi.search(text)}
      lookup={(id) => companiesApi.get(id).then((company) => company.name)}
      texts={{
        placeholder: "companies.picker.placeholder",
        listLabel: "companies.title",
        empty: "companies.empty",
        error: "companies.error",
      }}
    />
  );
}
