/** A choice of a `<select>`: the value it sends and the text it shows (already translated). */
export interface SelectOption {
  value: string;
  text: string;
}

/** The `<option>`s of a `<select>`, in the order given. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.text}
    </option>
  ));
}
