/** The values a text box suggests as it is typed in (its `list` attribute names `id`); any other is allowed too. */
export function SuggestionList({ id, values }: { id: string; values: readonly string[] }) {
  return (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}
