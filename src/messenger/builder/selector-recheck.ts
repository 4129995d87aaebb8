import type { SelectorCount } from "../../shared/builder-messages.ts";
import { type BuilderTexts, fill } from "./builder-texts.ts";

/**
 * The re-check before a save: a selector picked on a page is asked of that live page again
 * when the admin saves, since the page may have changed since (a re-render, a closed menu, a list that
 * grew). Only selectors picked on the page the site shows now can be checked; those picked on another
 * page of a multi-page tour were checked when they were picked. Pure, so it is tested apart from the
 * frame's messages.
 */

/** Two addresses of the same page: the fragment does not make another page. */
const samePage = (a: string, b: string) => a.split("#")[0] === b.split("#")[0];

/**
 * The selectors to ask the page about: picked on the page it shows now, and still in the item
 * (a step removed since needs no check).
 */
export function selectorsToRecheck(
  picks: ReadonlyMap<string, string>,
  currentPage: string,
  itemSelectors: readonly string[],
): string[] {
  const inItem = new Set(itemSelectors);
  return [...picks]
    .filter(([selector, page]) => inItem.has(selector) && samePage(page, currentPage))
    .map(([selector]) => selector);
}

/** Why the save must wait (a selector finds nothing or more than one element now), or null. */
export function recheckProblem(
  asked: readonly string[],
  counts: readonly SelectorCount[],
  t: Pick<BuilderTexts, "selectorGone" | "selectorAmbiguous">,
): string | null {
  for (const selector of asked) {
    const count = counts.find((answer) => answer.selector === selector)?.count ?? 0;
    if (count === 0) return fill(t.selectorGone, { selector });
    if (count > 1) return fill(t.selectorAmbiguous, { selector, count });
  }
  return null;
}
