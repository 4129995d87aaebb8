import { type PickerFieldProps, SearchPicker } from "../shell/form/search-picker.tsx";
import type { PickerOption } from "../shell/form/search-picker-state.ts";
import { categoriesApi } from "./challenges-api.ts";

/**
 * The challenge category choice of the challenge form and the challenge list's filter: a search picker
 * over the categories API, by title, so any number of categories can be chosen. `fixedOptions` are the
 * caller's ("No category" in the form; "Any" and "Without category" in the filter).
 */
export function CategoryPicker(props: PickerFieldProps & { fixedOptions: readonly PickerOption[] }) {
  return (
    <SearchPicker
      {...props}
      search={(text) =>
        categoriesApi.search(text).then((page) => ({
          items: page.items.map((category) => ({ id: category.id, name: category.title })),
          total: page.total,
        }))
      }
      lookup={(id) => categoriesApi.get(id).then((category) => category.title)}
      messages="categories"
    />
  );
}
