import { contentLanguageFor } from "../../../shared/content-languages.ts";
import {
  type ChecklistConfig,
  ChecklistStartRequest,
  ChecklistUpdateRequest,
  OutboundEventRequest,
  ProductTourRequest,
  type ProductTourValidation,
  ProductTourValidationRequest,
} from "../../../shared/outbound-api.ts";
import { sharedKeyIsGenuine, sharedKeySecret } from "../../domain/outbounds/checklist-shared-keys.ts";
import {
  applyChecklistProgress,
  type ChecklistInstance,
  checklistSessionLanguages,
  findChecklist,
  joinSharedChecklist,
  openChecklist,
} from "../../domain/outbounds/checklists-repository.ts";
import { matchesPageFilterCached } from "../../domain/outbounds/compiled-page-filters.ts";
import { acknowledgeOutbound } from "../../domain/outbounds/outbound-acknowledgement.ts";
import {
  checklistAnswer,
  checklistConfigOf,
  tourConfigForClient,
} from "../../domain/outbounds/outbound-answers.ts";
import {
  findOutbound,
  findProjectOutbound,
  type Outbound,
} from "../../domain/outbounds/outbound-repository.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { readJsonBody } from "../../http/read-json-body.ts";
import { pushToSession } from "../../realtime/widget-socket.ts";
import { contentLanguageOf } from "../request-language.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

const base = "/api/widget/outbound";

/** A changed checklist to every session using it, each in its own language. */
async function pushChecklistChange(
  { sql, fanout }: Pick<WidgetRouteDeps, "sql" | "fanout">,
  checklist: ChecklistInstance,
  outbound: Outbound,
  /** The config in the caller's language: what a session gets if its own could not be read. */
  fallback: ChecklistConfig,
): Promise<void> {
  const sessions = await checklistSessionLanguages(sql, checklist);
  await Promise.all(
    sessions.map(({ id, lang }) => {
      const config = checklistConfigOf(outbound, contentLanguageFor(lang)) ?? fallback;
      const data = checklistAnswer(checklist, outbound, config, true);
      return pushToSession(fanout, id, { name: "checklist", data });
    }),
  );
}

export const sharedKeyRefusedMessage =
  "This shared key was not issued for this checklist: shared keys come from the checklist's page in the admin (or its API), not from the page";

interface LoadedChecklist {
  checklist: ChecklistInstance;
  outbound: Outbound;
  config: ChecklistConfig;
}

/**
 * Product tours and checklists (spec §7 `/outbound/...`), and what the widget acknowledges of any
 * outbound, all for a verified session.
 */
export function outboundRoutes({ sql, sessionSecret, fanout, logger }: WidgetRouteDeps): WidgetRoute[] {
  const tourNotFound = (id: string) => jsonError(404, `No product tour ${id}`, "outboundId");

  /**
   * Visitors get live content only: a draft (or withdrawn) tour reads exactly like an unknown id, so
   * its id, once seen, hands out neither its texts nor whether it exists.
   */
  async function liveOutbound(projectId: string, id: string, type: Outbound["type"]) {
    const found = await findOutbound(sql, projectId, id, type);
    return found?.status === "live" ? found : null;
  }

  async function productTour({ request, project, url, session }: WidgetContext): Promise<Response> {
    const body = await readJsonBody(request, ProductTourRequest);
    if (!body.ok) return body.response;
    const tour = await liveOutbound(project.id, body.value.outboundId, "tour");
    if (!tour) return tourNotFound(body.value.outboundId);
    return json({ config: tourConfigForClient(tour, contentLanguageOf({ url, session })) });
  }

  async function validateProductTour({ request, project, url, session }: WidgetContext): Promise<Response> {
    const body = await readJsonBody(request, ProductTourValidationRequest);
    if (!body.ok) return body.response;
    const tour = await liveOutbound(project.id, body.value.outboundId, "tour");
    if (!tour) return tourNotFound(body.value.outboundId);
    const answer: ProductTourValidation = {
      status: "live",
      passedPageFilter: matchesPageFilterCached(body.value.currentUrl, tour.pageFilter, tour.pageFilterType),
      config: tourConfigForClient(tour, contentLanguageOf({ url, session })),
    };
    return json(answer);
  }

  async function startChecklist({ request, project, session }: WidgetContext): Promise<Response> {
    if (!session) return jsonError(401, "Session not ready yet.");
    const body = await readJsonBody(request, ChecklistStartRequest);
    if (!body.ok) return body.response;
    const { outboundId } = body.value;
    // A draft checklist is not there for visitors yet, so it reads as missing.
    const outbound = await liveOutbound(project.id, outboundId, "checklist");
    if (!outbound) return jsonError(404, `No live checklist ${outboundId}`, "outboundId");
    const sharedKey = body.value.sharedKey?.trim() ?? "";
    if (
      sharedKey !== "" &&
      !sharedKeyIsGenuine(await sharedKeySecret(sql), { projectId: project.id, outboundId }, sharedKey)
    )
      return jsonError(403, sharedKeyRefusedMessage, "sharedKey");
    const id = await openChecklist(sql, sessionSecret, { outboundId, sessionId: session.id, sharedKey });
    return json({ id });
  }

  /**
   * The checklist a request names, if the session may use it: its own, or a shared one of its
   * project. Anything else is a plain 404, so ids of other sessions' checklists reveal nothing.
   */
  async function loadChecklist(context: WidgetContext): Promise<LoadedChecklist | Response> {
    const { params, project, session } = context;
    const id = params.id ?? "";
    const missing = () => jsonError(404, `No checklist ${id}`);
    if (!session) return jsonError(401, "Session not ready yet.");
    const checklist = await findChecklist(sql, sessionSecret, id);
    if (!checklist) return missing();
    // An instance outlives its checklist being withdrawn; visitors then no longer get its content.
    const outbound = await liveOutbound(project.id, checklist.outboundId, "checklist");
    if (!outbound) return missing();
    if (checklist.sharedKey === "" && checklist.sessionId !== session.id) return missing();
    // In the visitor's language (spec §7 sends `lang` with every checklist call).
    const config = checklistConfigOf(outbound, contentLanguageOf(context));
    if (!config) return jsonError(500, `Checklist ${outbound.id} is stored in a shape the widget cannot use`);
    return { checklist, outbound, config };
  }

  /** A session that uses a shared instance joins it, so it hears of the changes others make. */
  async function join(checklist: ChecklistInstance, session: WidgetContext["session"]): Promise<void> {
    if (checklist.sharedKey === "" || !session) return;
    await joinSharedChecklist(sql, {
      outboundId: checklist.outboundId,
      sessionId: session.id,
      sharedKey: checklist.sharedKey,
    });
  }

  const wantsHtml = (url: URL) => url.searchParams.get("convertTipTap") === "true";

  async function getChecklist(context: WidgetContext): Promise<Response> {
    const loaded = await loadChecklist(context);
    if (loaded instanceof Response) return loaded;
    await join(loaded.checklist, context.session);
    return json(checklistAnswer(loaded.checklist, loaded.outbound, loaded.config, wantsHtml(context.url)));
  }

  async function updateChecklist(context: WidgetContext): Promise<Response> {
    const body = await readJsonBody(context.request, ChecklistUpdateRequest);
    if (!body.ok) return body.response;
    const loaded = await loadChecklist(context);
    if (loaded instanceof Response) return loaded;
    const { checklist, outbound, config } = loaded;
    const step = context.params.checkedStep ?? body.value.checkedStep ?? null;
    const stepIds = config.steps.map((candidate) => candidate.id);
    if (step !== null && !stepIds.includes(step))
      return jsonError(400, `Checklist ${checklist.id} has no step ${step}`, "checkedStep");
    await join(checklist, context.session);

    const { checklist: updated, changed } = await applyChecklistProgress(sql, checklist, {
      completeSteps: step === null ? [] : [step],
      markDone: body.value.status === "done",
      allSteps: stepIds,
    });
    if (changed) {
      // Every tab and teammate on this instance sees the change; the client merges it by id.
      await pushChecklistChange({ sql, fanout }, updated, outbound, config);
    }
    return json(checklistAnswer(updated, outbound, config, wantsHtml(context.url)));
  }

  /**
   * `POST /outbound/{id}/events` `{event}`: the visitor saw (`shown`), clicked (`opened`), finished
   * (`completed`) or closed an outbound. Any of the project's outbounds may be acknowledged, also one
   * withdrawn since it was shown (what the visitor did stays true); another project's reads as missing.
   */
  async function acknowledge({ request, params, project, session }: WidgetContext): Promise<Response> {
    if (!session) return jsonError(401, "Session not ready yet.");
    const body = await readJsonBody(request, OutboundEventRequest);
    if (!body.ok) return body.response;
    const id = params.id ?? "";
    const outbound = await findProjectOutbound(sql, project.id, id);
    if (!outbound) return jsonError(404, `No outbound ${id}`);
    const recorded = await acknowledgeOutbound(
      { sql, fanout, logger },
      project,
      session,
      outbound,
      body.value.event,
    );
    return json({ recorded });
  }

  return [
    { method: "POST", pattern: `${base}/:id/events`, auth: "session", handle: acknowledge },
    { method: "POST", pattern: `${base}/producttours`, auth: "session", handle: productTour },
    {
      method: "POST",
      pattern: `${base}/producttourvalidation`,
      auth: "session",
      handle: validateProductTour,
    },
    { method: "POST", pattern: `${base}/checklists`, auth: "session", handle: startChecklist },
    { method: "GET", pattern: `${base}/checklists/:id`, auth: "session", handle: getChecklist },
    { method: "PUT", pattern: `${base}/checklists/:id`, auth: "session", handle: updateChecklist },
    {
      method: "PUT",
      pattern: `${base}/checklists/:id/increment/:checkedStep`,
      auth: "session",
      handle: updateChecklist,
    },
  ];
}
