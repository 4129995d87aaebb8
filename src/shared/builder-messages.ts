import {
  array,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  size,
  string,
  type,
} from "superstruct";
import type { MessageOf } from "./frame-messages.ts";

/**
 * The admin builder's window messages (spec §7 "Admin messages"), used by all three ends: the admin
 * SPA that opens the target site, the builder chunk on that site, and the builder frame on the
 * messenger origin. Like every frame message they travel as JSON strings and are read through
 * `parseFrameMessage` of `frame-messages.ts`; the reference marks them with `type` "admin" (between
 * the admin window and the site) or "tourbuilder" (between the site and the builder frame).
 *
 *   site → admin   init                the site's SDK is ready for the builder (sent on every page load,
 *                                        so the builder survives the admin navigating the site)
 *   admin → site   load                what to build and how to save it (the reference's names)
 *   site → admin   save, update-steps  the builder saved / changed its steps (the editor refreshes)
 *   frame → site   init, status-changed, highlight-element, click, save, update-steps,
 *                  check-selectors (before a save)
 *   site → frame   data, page-changed (every 1 s), element-picked, element-unnamed (a picked element
 *                  with nothing stable to find it by), selectors-checked
 */

export const builderKinds = ["tour", "tooltip"] as const;
export type BuilderKind = (typeof builderKinds)[number];

/** The builder frame's modes and the frame height each one needs (spec §2). */
export const builderModes = ["navigate", "picker", "editor", "loading"] as const;
export type BuilderMode = (typeof builderModes)[number];
export const builderFrameHeights: Record<BuilderMode, string> = {
  navigate: "65px",
  picker: "65px",
  editor: "100vh",
  loading: "0px",
};

/** How often the site reports its current page to the builder (spec §7). */
export const builderPageReportMs = 1000;

/**
 * `POST /api/projects/{projectId}/builder-token` (admin only): a bearer token for the builder, good
 * for 10 minutes and only for reading and saving this one item (`GET`/`PUT` of
 * `/api/projects/{p}/outbounds/{itemId}` for a tour, `…/tooltips/{itemId}` for a tooltip). It is
 * what the site page and the builder frame get, never the admin's access token. What it saves is a
 * draft of the steps (builder-drafts.ts), which an admin publishes from the dashboard. 404 for an
 * unknown project or item (a tour must be an outbound of type `tour`).
 */
export const BuilderTokenRequest = object({
  kind: enums(builderKinds),
  itemId: size(string(), 1, 200),
});
export type BuilderTokenRequest = Infer<typeof BuilderTokenRequest>;

/** The answer: the token and when it stops working (ISO time). */
export interface BuilderTokenResult {
  token: string;
  expiresAt: string;
}

/** What the builder needs to load and save one item through the platform API. */
export const BuilderInit = type({
  kind: enums(builderKinds),
  projectId: string(),
  itemId: string(),
  /** The platform API's base, e.g. `https://admin.example.com/api`. */
  apiUrl: string(),
  /**
   * The bearer token for the two calls the builder makes (read and save the item): a builder token
   * scoped to this item (`BuilderTokenRequest`), never the admin's access token.
   */
  builderToken: string(),
  /** The admin's language (`en-US` or `de`), so the builder speaks it too. */
  locale: optional(string()),
});
export type BuilderInit = Infer<typeof BuilderInit>;

/** A tour step as the builder edits it (spec §3 "Tour step"; title and description as the popover). */
export const BuilderStep = type({
  selector: string(),
  title: optional(nullable(string())),
  message: optional(nullable(string())),
  mode: optional(nullable(string())),
  type: optional(nullable(string())),
});
export type BuilderStep = Infer<typeof BuilderStep>;

const saved = type({ kind: enums(builderKinds), itemId: string() });

// ---------- admin window ↔ site ----------

export const siteToAdmin = {
  init: type({ name: literal("init"), type: literal("admin") }),
  save: type({ name: literal("save"), type: literal("admin"), data: saved }),
  "update-steps": type({
    name: literal("update-steps"),
    type: literal("admin"),
    data: type({ steps: array(BuilderStep) }),
  }),
} as const;

export const adminToSite = {
  load: type({ name: literal("load"), type: literal("admin"), data: BuilderInit }),
} as const;

// ---------- site ↔ builder frame ----------

export const builderToSite = {
  init: type({ name: literal("init"), type: literal("tourbuilder") }),
  "status-changed": type({
    name: literal("status-changed"),
    type: literal("tourbuilder"),
    data: type({ status: enums(builderModes) }),
  }),
  /** Outlines an element on the page (the step the admin points at in the list); null clears it. */
  "highlight-element": type({
    name: literal("highlight-element"),
    type: literal("tourbuilder"),
    data: type({ selector: nullable(string()) }),
  }),
  /** Clicks an element for the admin (e.g. opens a menu the next step points into). */
  click: type({ name: literal("click"), type: literal("tourbuilder"), data: type({ selector: string() }) }),
  save: type({ name: literal("save"), type: literal("tourbuilder"), data: saved }),
  "update-steps": type({
    name: literal("update-steps"),
    type: literal("tourbuilder"),
    data: type({ steps: array(BuilderStep) }),
  }),
  /** Before a save: how many elements of the live page each picked selector finds now. */
  "check-selectors": type({
    name: literal("check-selectors"),
    type: literal("tourbuilder"),
    data: type({ selectors: size(array(string()), 0, 200) }),
  }),
} as const;

/** One picked selector as the live page answers it: how many elements it finds (0 when it is invalid). */
export const SelectorCount = type({ selector: string(), count: number() });
export type SelectorCount = Infer<typeof SelectorCount>;

export const siteToBuilder = {
  data: type({
    name: literal("data"),
    type: literal("tourbuilder"),
    data: type({ init: BuilderInit, page: string() }),
  }),
  "page-changed": type({
    name: literal("page-changed"),
    type: literal("tourbuilder"),
    data: type({ page: string() }),
  }),
  "element-picked": type({
    name: literal("element-picked"),
    type: literal("tourbuilder"),
    data: type({ selector: string(), text: optional(string()), page: string() }),
  }),
  /** The admin clicked an element that only its position tells apart: it needs a `data-gleap-tour` mark. */
  "element-unnamed": type({
    name: literal("element-unnamed"),
    type: literal("tourbuilder"),
    data: type({ text: optional(string()), page: string() }),
  }),
  "selectors-checked": type({
    name: literal("selectors-checked"),
    type: literal("tourbuilder"),
    data: type({ counts: array(SelectorCount), page: string() }),
  }),
} as const;

export type SiteToAdminMessage = MessageOf<typeof siteToAdmin>;
export type AdminToSiteMessage = MessageOf<typeof adminToSite>;
export type BuilderToSiteMessage = MessageOf<typeof builderToSite>;
export type SiteToBuilderMessage = MessageOf<typeof siteToBuilder>;
