import type { AdminFeatureRequest } from "../../shared/feature-requests-api.ts";

type Candidate = Pick<AdminFeatureRequest, "id" | "votes" | "createdAt">;

/**
 * Which of the ticked requests a merge keeps unless the admin picks another: the most voted (what
 * visitors found first), on a tie the oldest (the original, the others its duplicates).
 */
export function defaultKept(candidates: readonly Candidate[]): string | null {
  const [best] = [...candidates].sort(
    (a, b) => b.votes - a.votes || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  return best?.id ?? null;
}

/** The ids a merge folds into `keptId`: every other ticked request. */
export const duplicatesOf = (selected: readonly string[], keptId: string): string[] =>
  selected.filter((id) => id !== keptId);
