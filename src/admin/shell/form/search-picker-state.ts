/**
 * The searchable choice (a company in the job form, a challenge category): with a thousand entries a
 * plain select would need every one of them loaded; the picker asks the API for the few that match what
 * the admin types instead, one short page at a time.
 */

/** How many matches one search shows; the admin narrows the search to reach the rest. */
export const searchPickerPageSize = 20;

/** Typing pauses this long before the picker asks the server. */
export const searchPickerDelayMs = 250;

/** List parameters for the typed text: the first matches, sorted by `sort`. */
export function searchPickerParams(text: string, sort: string): URLSearchParams {
  const params = new URLSearchParams();
  const q = text.trim();
  if (q) params.set("q", q);
  params.set("sort", sort);
  params.set("page", "1");
  params.set("pageSize", String(searchPickerPageSize));
  return params;
}

/**
 * The option highlighted after an arrow key: down from "none" starts at the first, up at the last, and
 * both wrap around, so the keyboard reaches every option from anywhere. -1 when there are none.
 */
export function moveHighlight(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** One entry of the open list: a fixed choice ("Any", "Without category") or a found record. */
export interface PickerOption {
  id: string;
  name: string;
}

/** What one search answers: the first matches and how many there are in all. */
export interface PickerPage {
  items: PickerOption[];
  total: number;
}
