import type { SurveyQuestionResult } from "../../shared/surveys-api.ts";

/** One bar of a results chart: its label, its count and its share of the question's answers. */
export interface ChartBar {
  label: string;
  count: number;
  /** Percent of the question's answers, whole. */
  percent: number;
  /** Bar length against the largest bar (0–1), so the largest fills the track. */
  scale: number;
  /** NPS bars: which group the score belongs to. */
  group?: "detractor" | "passive" | "promoter";
}

const percentOf = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

function bars(
  entries: Array<{ label: string; count: number; group?: ChartBar["group"] }>,
  total: number,
): ChartBar[] {
  const largest = Math.max(1, ...entries.map((entry) => entry.count));
  return entries.map((entry) => ({
    ...entry,
    percent: percentOf(entry.count, total),
    scale: entry.count / largest,
  }));
}

/** Spec of NPS: 0–6 detractors, 7–8 passives, 9–10 promoters. */
export const npsGroup = (score: number): NonNullable<ChartBar["group"]> =>
  score <= 6 ? "detractor" : score <= 8 ? "passive" : "promoter";

/** Choice questions: one bar per option, in the question's order; shares of the answers to the question. */
export function optionBars(result: SurveyQuestionResult): ChartBar[] {
  return bars(
    (result.options ?? []).map((option) => ({ label: option.option, count: option.count })),
    result.answered,
  );
}

/** NPS: one bar per score 0–10, coloured by group. */
export function npsBars(result: SurveyQuestionResult): ChartBar[] {
  const distribution = result.nps?.distribution ?? [];
  const total = distribution.reduce((sum, count) => sum + count, 0);
  return bars(
    Array.from({ length: 11 }, (_, score) => ({
      label: String(score),
      count: distribution[score] ?? 0,
      group: npsGroup(score),
    })),
    total,
  );
}

/** The three NPS groups' shares, for the stacked bar under the score (they add up to 100 when any answered). */
export function npsShares(result: SurveyQuestionResult): Record<NonNullable<ChartBar["group"]>, number> {
  const nps = result.nps;
  const total = nps ? nps.promoters + nps.passives + nps.detractors : 0;
  if (!nps || total === 0) return { detractor: 0, passive: 0, promoter: 0 };
  const detractor = percentOf(nps.detractors, total);
  const promoter = percentOf(nps.promoters, total);
  // Rounded separately the three can miss 100 by one; the middle group takes the difference.
  return { detractor, passive: 100 - detractor - promoter, promoter };
}

/** Ratings: one bar per star count, from 1 to the scale. */
export function ratingBars(result: SurveyQuestionResult): ChartBar[] {
  const rating = result.rating;
  const scale = rating?.scale ?? 5;
  const distribution = rating?.distribution ?? [];
  const total = distribution.reduce((sum, count) => sum + count, 0);
  return bars(
    Array.from({ length: scale }, (_, index) => ({
      label: String(index + 1),
      count: distribution[index] ?? 0,
    })),
    total,
  );
}
