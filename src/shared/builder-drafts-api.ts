import type { BuilderKind } from "./builder-messages.ts";

/**
 * The admin builder's drafts. The builder's token saves only what the builder edits (a
 * tour's steps; a tooltip's selector, text and display mode), and it saves it as a draft revision of
 * its item, never into the item itself. An admin sees the draft in the item's editor and publishes it
 * into the item, or discards it, with the admin's own sign-in:
 *
 *   GET    /api/projects/{p}/outbounds/{id}/builder-draft          → BuilderDraftAnswer
 *   POST   /api/projects/{p}/outbounds/{id}/builder-draft/publish  → AdminOutbound (the item, changed)
 *   DELETE /api/projects/{p}/outbounds/{id}/builder-draft          → 204
 *   (the same under /tooltips/{id}/builder-draft, answering AdminTooltip)
 *
 * With the builder token, `GET …/outbounds/{id}` and `…/tooltips/{id}` answer the item with its draft
 * in place (so the builder goes on from where it saved) and `PUT` of the same path stores the draft.
 * That PUT must leave everything else as the item has it: a changed name, page filter, audience or any
 * other setting is refused with 403, since those need the admin's own sign-in.
 */

/** What a tooltip's draft holds. */
export interface TooltipDraftContent {
  selector: string;
  html: string;
  mode: "hotspot" | "plain";
}

/** What a tour's draft holds: its steps as the builder saved them. */
export interface TourDraftContent {
  steps: Array<Record<string, unknown>>;
}

export interface BuilderDraft {
  kind: BuilderKind;
  itemId: string;
  content: TourDraftContent | TooltipDraftContent;
  /** When the builder last saved it (ISO time). */
  savedAt: string;
  /** The admin whose builder saved it, or null when that account is gone. */
  savedBy: { id: string; name: string } | null;
}

/** `GET …/builder-draft`: the waiting draft, or null when there is none. */
export interface BuilderDraftAnswer {
  draft: BuilderDraft | null;
}
