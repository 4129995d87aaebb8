/**
 * What a card bound to a whole form (useFormState) reads and changes: the state, the errors by path
 * and their texts, and the update that clears the refusals a change answers.
 */
export interface BoundForm<S> {
  state: S;
  errors: Record<string, string>;
  errorOf: (path: string, label: string) => string | null;
  update: (next: (current: S) => S, paths: string[]) => void;
}
