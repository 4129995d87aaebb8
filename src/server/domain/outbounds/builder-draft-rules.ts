import type {
  BuilderDraft,
  TooltipDraftContent,
  TourDraftContent,
} from "../../../shared/builder-drafts-api.ts";
import type { AdminOutbound, AdminTooltip, OutboundWrite, TooltipWrite } from "../../../shared/inbox-api.ts";

/**
 * What the builder's token may change, pure: a tour's steps, a tooltip's selector, text and
 * display mode. Everything else it sends must be what the item has; the first field that is not is
 * named, so the refusal says which setting needs the admin's own sign-in.
 */

export const builderTourLimitMessage =
  "The builder saves only a tour's steps (their elements and texts), as a draft for an admin to publish; the name, pages, audience, status and other settings need the admin's own sign-in";

export const builderTooltipLimitMessage =
  "The builder saves only a tooltip's element, text and display, as a draft for an admin to publish; the name, pages and other settings need the admin's own sign-in";

/** JSON with object keys sorted, so two values compare equal whatever order their keys came in. */
function canonical(value: unknown): string {
  if (value === undefined) return "undefined";
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The first field of a builder's tour write that changes more than the steps, or null. */
export function tourChangeBeyondSteps(found: AdminOutbound, write: OutboundWrite): string | null {
  if (write.type !== found.type) return "type";
  if (write.name !== found.name) return "name";
  if ((write.pageFilter ?? "") !== found.pageFilter) return "pageFilter";
  if ((write.pageFilterType ?? "") !== found.pageFilterType) return "pageFilterType";
  if ((write.audience ?? "all") !== found.audience) return "audience";
  const keys = [...new Set([...Object.keys(found.config), ...Object.keys(write.config)])].sort();
  const changed = keys.find((key) => key !== "steps" && !same(found.config[key], write.config[key]));
  return changed === undefined ? null : `config.${changed}`;
}

/** The tooltip fields the server sets itself, and those the builder edits. */
const tooltipRecordFields = new Set(["id", "status", "createdAt", "updatedAt"]);
const tooltipDraftFields = new Set(["selector", "html", "mode"]);

/** The first field of a builder's tooltip write that changes more than its target and text, or null. */
export function tooltipChangeBeyondTarget(found: AdminTooltip, write: TooltipWrite): string | null {
  const stored = found as unknown as Record<string, unknown>;
  const sent = write as unknown as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(stored), ...Object.keys(sent)])]
    .filter((key) => !tooltipRecordFields.has(key) && !tooltipDraftFields.has(key))
    .sort((a, b) => (a === "name" ? -1 : b === "name" ? 1 : a.localeCompare(b)));
  return keys.find((key) => !same(stored[key], sent[key])) ?? null;
}

export const tourDraftOf = (write: OutboundWrite): TourDraftContent => ({
  steps: Array.isArray(write.config.steps) ? (write.config.steps as TourDraftContent["steps"]) : [],
});

export const tooltipDraftOf = (write: TooltipWrite): TooltipDraftContent => ({
  selector: write.selector,
  html: write.html,
  mode: write.mode,
});

/** A tour with its draft's steps in place of its own. */
export function tourWithDraft(outbound: AdminOutbound, content: BuilderDraft["content"]): AdminOutbound {
  const steps = "steps" in content && Array.isArray(content.steps) ? content.steps : outbound.config.steps;
  return { ...outbound, config: { ...outbound.config, steps } };
}

/** A tooltip with its draft's selector, text and mode in place of its own. */
export function tooltipWithDraft(tooltip: AdminTooltip, content: BuilderDraft["content"]): AdminTooltip {
  if (!("selector" in content)) return tooltip;
  return { ...tooltip, selector: content.selector, html: content.html, mode: content.mode };
}

/** A tooltip as its PUT body: every field it has, without the ones the server sets itself. */
export function tooltipWriteOf(tooltip: AdminTooltip): TooltipWrite {
  const { id: _id, status: _status, createdAt: _createdAt, updatedAt: _updatedAt, ...write } = tooltip;
  return write;
}
