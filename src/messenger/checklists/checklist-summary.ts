import { percentDone } from "../../shared/checklist-progress.ts";
import type { ChecklistSummary } from "../../shared/messenger-home-api.ts";
import type { Screen } from "../shell/screens.ts";

/**
 * A checklist as lists show it (the home's cards, the Checklists screen): the screen it opens (a
 * started one by its id, one not started yet by its outbound) and how far the session got.
 */

export const checklistScreenOf = (checklist: ChecklistSummary): Screen =>
  checklist.checklistId
    ? { name: "checklist", checklistId: checklist.checklistId }
    : { name: "checklist", outboundId: checklist.outboundId };

export const checklistPercent = (checklist: ChecklistSummary) =>
  Math.round(percentDone(checklist.done, checklist.total));
