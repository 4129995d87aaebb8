/**
 * The searchable company choice (job form, job list filter). With a thousand companies a plain select
 * would need every one of them loaded; the picker asks the API for the few that match what the admin
 * types instead, by name, one short page at a time.
 */

/** How many matches one search shows; the admin narrows the search to reach the rest. */
export const companyPickerPageSize = 20;

/** Typing pauses this long before the picker asks the server. */
export const companyPickerDelayMs = 250;

/** `GET /api/companies` parameters for the typed text: the first matches by name. */
export function companyPickerParams(text: string): URLSearchParams {
  const params = new URLSearchParams();
  const q = text.trim();
  if (q) params.set("q", q);
  params.set("sort", "name");
  params.set("page", "1");
  params.set("pageSize", String(companyPickerPageSize));
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

/** One entry of the open list: "no company" (a filter's "Any") or a company. */
export interface PickerOption {
  id: string;
  name: string;
}
