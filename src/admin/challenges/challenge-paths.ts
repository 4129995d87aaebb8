/** Where the challenge and category screens live (the spec gives no path for the category screens). */
export const challengesPath = "/dashboard/challenges";
export const categoriesPath = "/dashboard/challenge-categories";

export const challengeHref = (id: string) => `${challengesPath}/${encodeURIComponent(id)}`;
export const challengeEditHref = (id: string) => `${challengeHref(id)}/edit`;
export const categoryEditHref = (id: string) => `${categoriesPath}/${encodeURIComponent(id)}/edit`;
/** The challenge list narrowed to one category. */
export const categoryChallengesHref = (id: string) =>
  `${challengesPath}?categoryId=${encodeURIComponent(id)}`;
