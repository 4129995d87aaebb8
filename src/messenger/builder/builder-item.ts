import type { BuilderInit, BuilderKind, BuilderStep } from "../../shared/builder-messages.ts";
import type { AdminOutbound, AdminTooltip, OutboundWrite, TooltipWrite } from "../../shared/inbox-api.ts";
import { isTipTapDoc, tipTapToHtml } from "../../shared/tiptap-html.ts";

/**
 * What the builder edits and how it goes back to the server (pure; the frame's fetches are in
 * `builder-api.ts`). The server keeps what the builder saves as a draft of the item, which an admin
 * publishes from the dashboard; reading the item back gives the draft, so the builder goes on from it. A tour is an outbound whose `config.steps` the builder rewrites, keeping every
 * other key of the config; a tooltip is rewritten whole (the API's PUT replaces it), with the picked
 * selector and the edited text.
 */

export type BuilderItem =
  | { kind: "tour"; outbound: AdminOutbound; steps: BuilderStep[] }
  | { kind: "tooltip"; tooltip: AdminTooltip };

/** The step modes of spec §3 "Tour step": show with a Next button (empty), click, or type. */
export const stepModes = ["", "CLICK", "INPUT"] as const;

/** The platform API path of the item. */
export function itemPath(init: Pick<BuilderInit, "kind" | "projectId" | "itemId">): string {
  const collection = init.kind === "tour" ? "outbounds" : "tooltips";
  return `/projects/${encodeURIComponent(init.projectId)}/${collection}/${encodeURIComponent(init.itemId)}`;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * A tour's steps as the builder shows them. A message the admin wrote in the rich-text editor (a
 * TipTap document) shows as its HTML and is kept aside (`richMessage`), so a save that did not touch it
 * writes the document back rather than flattening it.
 */
export function readSteps(config: Record<string, unknown>): BuilderStep[] {
  const steps = Array.isArray(config.steps) ? config.steps : [];
  return steps
    .filter((step): step is Record<string, unknown> => typeof step === "object" && step !== null)
    .map((step) => ({
      ...step,
      selector: text(step.selector),
      title: text(step.title),
      message: isTipTapDoc(step.message) ? tipTapToHtml(step.message) : text(step.message),
      ...(isTipTapDoc(step.message) ? { richMessage: step.message } : {}),
      mode: text(step.mode),
    }));
}

/** A step as stored: its document again when its message was not edited here. */
function storedStep({ richMessage, ...step }: BuilderStep & { richMessage?: unknown }): BuilderStep {
  if (isTipTapDoc(richMessage) && step.message === tipTapToHtml(richMessage))
    return { ...step, message: richMessage as unknown as string };
  return step;
}

export function readItem(kind: BuilderKind, answer: unknown): BuilderItem {
  if (kind === "tour") {
    const outbound = answer as AdminOutbound;
    return { kind, outbound, steps: readSteps(outbound.config ?? {}) };
  }
  return { kind, tooltip: answer as AdminTooltip };
}

/** A new tour step for a picked element: its text as the first title, shown with a Next button. */
export function newStep(selector: string, text = ""): BuilderStep {
  return { selector, title: text, message: "", mode: "" };
}

export function moveStep(steps: BuilderStep[], from: number, to: number): BuilderStep[] {
  if (to < 0 || to >= steps.length || from === to) return steps;
  const next = [...steps];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** The PUT body of a tour: the outbound as it was, its config with the builder's steps. */
export function tourWrite(outbound: AdminOutbound, steps: BuilderStep[]): OutboundWrite {
  return {
    type: outbound.type,
    name: outbound.name,
    config: { ...outbound.config, steps: steps.map(storedStep) },
    pageFilter: outbound.pageFilter,
    pageFilterType: outbound.pageFilterType as OutboundWrite["pageFilterType"],
    audience: outbound.audience,
  };
}

/** The PUT body of a tooltip: every field it has, without the server's own (id, status, dates). */
export function tooltipWrite(tooltip: AdminTooltip): TooltipWrite {
  const { id: _id, status: _status, createdAt: _createdAt, updatedAt: _updatedAt, ...write } = tooltip;
  return write;
}

/** The steps of an item, for `update-steps` (a tooltip is one target). */
export function itemSteps(item: BuilderItem): BuilderStep[] {
  if (item.kind === "tour") return item.steps;
  return [{ selector: item.tooltip.selector, message: item.tooltip.html, mode: item.tooltip.mode }];
}
