import { type PickerFieldProps, SearchPicker } from "../shell/form/search-picker.tsx";
import { companiesApi } from "./companies-api.ts";

/**
 * The company choice of the job form and the job list's filter: a search picker over the companies API,
 * by name. `anyLabel` adds a first option that clears the choice (a list filter's "Any").
 */
export function CompanyPicker({ anyLabel, ...props }: PickerFieldProps & { anyLabel?: string }) {
  return (
    <SearchPicker
      {...props}
      fixedOptions={anyLabel ? [{ id: "", name: anyLabel }] : []}
      search={(text) => companiesApi.search(text)}
      lookup={(id) => companiesApi.get(id).then((company) => company.name)}
      messages="companies"
    />
  );
}
