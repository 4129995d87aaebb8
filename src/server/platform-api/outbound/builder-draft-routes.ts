import type { SQL } from "bun";
import type { BuilderDraft, BuilderDraftAnswer } from "../../../shared/builder-drafts-api.ts";
import type { BuilderKind } from "../../../shared/builder-messages.ts";
import type { AdminOutbound, AdminTooltip, OutboundWrite, TooltipWrite } from "../../../shared/inbox-api.ts";
import type { Authenticated } from "../../auth/auth-guard.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import {
  builderTooltipLimitMessage,
  builderTourLimitMessage,
  tooltipChangeBeyondTarget,
  tooltipDraftOf,
  tooltipWithDraft,
  tooltipWriteOf,
  tourChangeBeyondSteps,
  tourDraftOf,
  tourWithDraft,
} from "../../domain/outbounds/builder-draft-rules.ts";
import {
  type DraftKey,
  deleteBuilderDraft,
  findBuilderDraft,
  saveBuilderDraft,
} from "../../domain/outbounds/builder-drafts-repository.ts";
import { findAdminOutbound, updateAdminOutbound } from "../../domain/outbounds/outbounds-admin-repository.ts";
import { findTooltip, updateTooltip } from "../../domain/outbounds/tooltips-repository.ts";
import { sanitizeHtml } from "../../domain/rich-text/html-sanitizer.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import type { WidgetChanges } from "../../widget-api/widget-lookup-cache.ts";
import { projectRoute } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { json, jsonError } from "../platform-request.ts";
import { outboundNotFoundMessage, tooltipNotFoundMessage } from "./not-found-messages.ts";
import { outboundWriteRefusal } from "./outbound-write-refusal.ts";

/**
 * The builder's drafts. The builder token's saves
 * land here instead of in the item: the token was handed to the admin's site page, where any script of
 * that page can read it, so what it writes waits for an admin to look at it and publish it with the
 * admin's own sign-in. The admin's routes (read, publish, discard) never take a builder token.
 */

export const noDraftMessage = "No builder draft is waiting for this item";
export const changedDraftMessage = "The builder saved this item again meanwhile: look at its new draft first";

const tourKey = (projectId: string, itemId: string): DraftKey => ({ kind: "tour", projectId, itemId });
const tooltipKey = (projectId: string, itemId: string): DraftKey => ({ kind: "tooltip", projectId, itemId });

/** A tour as the builder edits it: the item with its waiting draft's steps. */
export async function tourForBuilder(sql: SQL, found: AdminOutbound): Promise<AdminOutbound> {
  const draft = await findBuilderDraft(sql, tourKey(found.projectId, found.id));
  return draft ? tourWithDraft(found, draft.content) : found;
}

/** A tooltip as the builder edits it: the item with its waiting draft's target and text. */
export async function tooltipForBuilder(
  sql: SQL,
  projectId: string,
  found: AdminTooltip,
): Promise<AdminTooltip> {
  const draft = await findBuilderDraft(sql, tooltipKey(projectId, found.id));
  return draft ? tooltipWithDraft(found, draft.content) : found;
}

/** Keeps the builder's save as the item's draft, audited as `{entity}.builder-draft` in one transaction. */
async function storeDraft(
  sql: SQL,
  key: DraftKey,
  content: BuilderDraft["content"],
  admin: Authenticated,
  details: object,
): Promise<void> {
  const entity = key.kind === "tour" ? "outbound" : "tooltip";
  await sql.begin(async (tx) => {
    await saveBuilderDraft(tx, key, content, admin.user.id);
    await recordAudit(tx, {
      actorId: admin.user.id,
      action: `${entity}.builder-draft`,
      entity,
      entityId: key.itemId,
      details,
    });
  });
}

/** The builder token's `PUT` of its tour: only the steps may change, and they are stored as a draft. */
export async function saveTourDraft(
  deps: PlatformDeps,
  found: AdminOutbound,
  write: OutboundWrite,
  admin: Authenticated,
): Promise<Response> {
  const beyond = tourChangeBeyondSteps(found, write);
  if (beyond) return jsonError(403, builderTourLimitMessage, beyond);
  const content = tourDraftOf(write);
  const merged: OutboundWrite = { ...write, config: { ...found.config, steps: content.steps } };
  const refused = await outboundWriteRefusal(deps, found.projectId, merged);
  if (refused) return refused;
  await storeDraft(deps.sql, tourKey(found.projectId, found.id), content, admin, {
    projectId: found.projectId,
    type: found.type,
    name: found.name,
    steps: content.steps.length,
  });
  return json(tourWithDraft(found, content));
}

/** The builder token's `PUT` of its tooltip: only selector, text and mode, stored as a draft. */
export async function saveTooltipDraft(
  deps: PlatformDeps,
  projectId: string,
  found: AdminTooltip,
  write: TooltipWrite,
  admin: Authenticated,
): Promise<Response> {
  const beyond = tooltipChangeBeyondTarget(found, write);
  if (beyond) return jsonError(403, builderTooltipLimitMessage, beyond);
  const content = tooltipDraftOf(write);
  await storeDraft(deps.sql, tooltipKey(projectId, found.id), content, admin, {
    projectId,
    name: found.name,
  });
  return json(tooltipWithDraft(found, content));
}

interface DraftTarget<Item> {
  kind: BuilderKind;
  collection: "outbounds" | "tooltips";
  entity: "outbound" | "tooltip";
  notFound: string;
  find(sql: SQL, projectId: string, id: string): Promise<Item | null>;
  /**
   * The write that puts the draft into the item (run in the publishing transaction), or why the
   * result cannot be stored.
   */
  publish(
    projectId: string,
    item: Item,
    draft: BuilderDraft,
  ): Promise<((tx: SQL) => Promise<unknown>) | Response>;
  name(item: Item): string;
}

const tourTarget = (deps: PlatformDeps): DraftTarget<AdminOutbound> => ({
  kind: "tour",
  collection: "outbounds",
  entity: "outbound",
  notFound: outboundNotFoundMessage,
  find: async (sql, projectId, id) => {
    const found = await findAdminOutbound(sql, projectId, id);
    return found?.type === "tour" ? found : null;
  },
  publish: async (projectId, item, draft) => {
    const changed = tourWithDraft(item, draft.content);
    const write: OutboundWrite = {
      type: changed.type,
      name: changed.name,
      config: changed.config,
      pageFilter: changed.pageFilter,
      pageFilterType: changed.pageFilterType as OutboundWrite["pageFilterType"],
      audience: changed.audience,
    };
    const refused = await outboundWriteRefusal(deps, projectId, write);
    return refused ?? ((tx) => updateAdminOutbound(tx, projectId, item.id, write));
  },
  name: (item) => item.name,
});

const tooltipTarget: DraftTarget<AdminTooltip> = {
  kind: "tooltip",
  collection: "tooltips",
  entity: "tooltip",
  notFound: tooltipNotFoundMessage,
  find: findTooltip,
  publish: async (projectId, item, draft) => {
    const write = tooltipWriteOf(tooltipWithDraft(item, draft.content));
    return (tx) => updateTooltip(tx, projectId, item.id, { ...write, html: sanitizeHtml(write.html) });
  },
  name: (item) => item.name,
};

/** Read, publish and discard of one kind's drafts, for admins with their own sign-in only. */
function draftRoutes<Item extends { id: string }>(
  deps: PlatformDeps & { widgetChanges?: WidgetChanges },
  target: DraftTarget<Item>,
): ApiRoute[] {
  const { sql } = deps;
  const base = `/api/projects/:projectId/${target.collection}/:id/builder-draft`;
  const key = (projectId: string, id: string): DraftKey => ({ kind: target.kind, projectId, itemId: id });

  const audit = (tx: SQL, admin: Authenticated, verb: string, item: Item, projectId: string) =>
    recordAudit(tx, {
      actorId: admin.user.id,
      action: `${target.entity}.${verb}`,
      entity: target.entity,
      entityId: item.id,
      details: { projectId, name: target.name(item) },
    });

  return [
    projectRoute(deps, "GET", base, async (_request, projectId, id) => {
      if (!(await target.find(sql, projectId, id))) return jsonError(404, target.notFound);
      const answer: BuilderDraftAnswer = { draft: await findBuilderDraft(sql, key(projectId, id)) };
      return json(answer);
    }),
    projectRoute(deps, "POST", `${base}/publish`, async (_request, projectId, id, admin) => {
      const item = await target.find(sql, projectId, id);
      if (!item) return jsonError(404, target.notFound);
      const draft = await findBuilderDraft(sql, key(projectId, id));
      if (!draft) return jsonError(404, noDraftMessage);
      const write = await target.publish(projectId, item, draft);
      if (write instanceof Response) return write;
      const published = await sql.begin(async (tx) => {
        // Only the draft that was read goes: one the builder saved in between stays waiting.
        if (!(await deleteBuilderDraft(tx, key(projectId, id), draft.savedAt))) return false;
        await write(tx);
        await audit(tx, admin, "builder-publish", item, projectId);
        return true;
      });
      if (!published) return jsonError(409, changedDraftMessage);
      // A live tour's new steps reach the widgets' next ping (the cached live content is dropped).
      if (target.kind === "tour") await deps.widgetChanges?.liveContentChanged(projectId);
      return json(await target.find(sql, projectId, id));
    }),
    projectRoute(deps, "DELETE", base, async (_request, projectId, id, admin) => {
      const item = await target.find(sql, projectId, id);
      if (!item) return jsonError(404, target.notFound);
      const discarded = await sql.begin(async (tx) => {
        const done = await deleteBuilderDraft(tx, key(projectId, id));
        if (done) await audit(tx, admin, "builder-discard", item, projectId);
        return done;
      });
      return discarded ? new Response(null, { status: 204 }) : jsonError(404, noDraftMessage);
    }),
  ];
}

/** The admin's routes of both kinds' drafts (`…/outbounds/{id}/builder-draft`, `…/tooltips/{id}/…`). */
export function builderDraftRoutes(deps: PlatformDeps & { widgetChanges?: WidgetChanges }): ApiRoute[] {
  return [...draftRoutes(deps, tourTarget(deps)), ...draftRoutes(deps, tooltipTarget)];
}
