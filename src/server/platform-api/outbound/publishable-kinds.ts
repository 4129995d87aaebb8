import {
  type AdminOutbound,
  type AdminTooltip,
  type OutboundKind,
  OutboundWrite,
  outboundKinds,
  TooltipWrite,
} from "../../../shared/inbox-api.ts";
import { outboundStats } from "../../domain/outbounds/outbound-stats.ts";
import {
  deleteAdminOutbound,
  findAdminOutbound,
  insertAdminOutbound,
  listAdminOutbounds,
  outboundSortColumns,
  setOutboundStatus,
  updateAdminOutbound,
} from "../../domain/outbounds/outbounds-admin-repository.ts";
import {
  deleteTooltip,
  findTooltip,
  insertTooltip,
  listTooltips,
  setTooltipStatus,
  tooltipSortColumns,
  updateTooltip,
} from "../../domain/outbounds/tooltips-repository.ts";
import { sanitizeHtml } from "../../domain/rich-text/html-sanitizer.ts";
import type { Logger } from "../../logger.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { outboundPublishedSignal } from "../../realtime/signal-dispatch.ts";
import type { WidgetChanges } from "../../widget-api/widget-lookup-cache.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import {
  saveTooltipDraft,
  saveTourDraft,
  tooltipForBuilder,
  tourForBuilder,
} from "./builder-draft-routes.ts";
import { outboundNotFoundMessage, tooltipNotFoundMessage } from "./not-found-messages.ts";
import { outboundWriteRefusal } from "./outbound-write-refusal.ts";
import { listFilter, type PublishableKind } from "./publishable-handlers/publishable-kind.ts";

/** The outbound content and tooltips admins write as drafts and publish (publishable-admin-routes.ts). */

export type OutboundsAdminDeps = PlatformDeps & {
  fanout: Fanout;
  logger?: Logger;
  widgetChanges?: WidgetChanges;
};

/**
 * Outbound content under `/api/projects/{projectId}/outbounds`: notifications, banners, modals, surveys,
 * checklists and tours, each with its page filter and audience. Publishing delivers it at once to the
 * project's widgets connected now (a fan-out signal, so every server process serves its own sockets).
 * A builder token reads and saves only a tour (its steps, as a draft).
 */
export const outboundsKind = (
  deps: OutboundsAdminDeps,
): PublishableKind<OutboundWrite, AdminOutbound, { type: OutboundKind | undefined }> => ({
  path: "outbounds",
  entity: "outbound",
  builderKind: "tour",
  notFoundMessage: outboundNotFoundMessage,
  schema: OutboundWrite,
  sortable: outboundSortColumns,
  listFilters: (params) => {
    const type = listFilter<OutboundKind>(params, "type", outboundKinds);
    return type instanceof Response ? type : { type };
  },
  list: listAdminOutbounds,
  find: findAdminOutbound,
  insert: insertAdminOutbound,
  update: updateAdminOutbound,
  remove: deleteAdminOutbound,
  setStatus: setOutboundStatus,
  prepare: async (projectId, write) => (await outboundWriteRefusal(deps, projectId, write)) ?? write,
  describe: (outbound) => ({ type: outbound.type, name: outbound.name }),
  forBuilder: async (sql, _projectId, outbound) =>
    outbound.type === "tour" ? tourForBuilder(sql, outbound) : outbound,
  saveDraft: (_projectId, outbound, write, admin) => saveTourDraft(deps, outbound, write, admin),
  // Best effort after the commit: the content is live either way, and widgets that miss the signal
  // (Redis down) get it with their next ping.
  afterPublish: (projectId) =>
    deps.fanout.signal(outboundPublishedSignal, projectId).catch((error: unknown) =>
      deps.logger?.warn("live outbound signal failed", {
        error: error instanceof Error ? error.message : String(error),
      }),
    ),
  afterChange: async (projectId) => deps.widgetChanges?.liveContentChanged(projectId),
  stats: outboundStats,
});

/**
 * A tooltip's html lands in the host page (inside the widget's shadow root, but in the host's
 * document), so it is cleaned when stored, like every rich text the server keeps.
 */
const cleaned = (write: TooltipWrite): TooltipWrite => ({ ...write, html: sanitizeHtml(write.html) });

/**
 * Tooltips under `/api/projects/{projectId}/tooltips`. The widget's `GET /config/{sdkKey}/tooltips`
 * answers only live ones; a widget reads them when its session starts, so nothing is pushed. A builder
 * token's save is a draft of the target and text.
 */
export const tooltipsKind = (deps: PlatformDeps): PublishableKind<TooltipWrite, AdminTooltip, object> => ({
  path: "tooltips",
  entity: "tooltip",
  builderKind: "tooltip",
  notFoundMessage: tooltipNotFoundMessage,
  schema: TooltipWrite,
  sortable: tooltipSortColumns,
  listFilters: () => ({}),
  list: (sql, projectId, query, { status }) => listTooltips(sql, projectId, query, status),
  find: findTooltip,
  insert: insertTooltip,
  update: updateTooltip,
  remove: deleteTooltip,
  setStatus: setTooltipStatus,
  prepare: async (_projectId, write) => cleaned(write),
  describe: (tooltip) => ({ name: tooltip.name }),
  forBuilder: tooltipForBuilder,
  saveDraft: (projectId, tooltip, write, admin) =>
    saveTooltipDraft(deps, projectId, tooltip, cleaned(write), admin),
});
