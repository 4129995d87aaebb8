import type { OutboundEventKind } from "../../../shared/outbound-api.ts";
import type { Logger } from "../../logger.ts";
import { pushToStaff } from "../../realtime/staff-socket.ts";
import type { WidgetProject } from "../projects/projects-repository.ts";
import type { StoredSession } from "../sessions/sessions-repository.ts";
import { type DeliveryDeps, deliverOutboundActions } from "./outbound-delivery.ts";
import { recordOutboundEvent } from "./outbound-events.ts";
import type { Outbound } from "./outbound-repository.ts";

export interface AcknowledgementDeps extends DeliveryDeps {
  logger?: Logger;
}

/** Kinds that end what held a slot: the next of the visitor's queue may show now. */
const ending: ReadonlySet<OutboundEventKind> = new Set(["closed", "completed"]);

/**
 * What the widget (or the survey answers route) acknowledged of an outbound: records it
 * (`recordOutboundEvent`, and the latest `shown` for once-per-visit), tells the admins' open pages
 * when the stats moved (`outbound-stats`), and after a close or a completion offers the session the
 * next of its queue at once, so a waiting banner or takeover shows without waiting for a ping. What
 * follows the record is best effort: a failed push is logged, the acknowledgement stands.
 */
export async function acknowledgeOutbound(
  deps: AcknowledgementDeps,
  project: WidgetProject,
  session: StoredSession,
  outbound: Pick<Outbound, "id">,
  kind: OutboundEventKind,
): Promise<boolean> {
  const at = new Date().toISOString();
  const changed = await recordOutboundEvent(deps.sql, {
    outboundId: outbound.id,
    sessionId: session.id,
    kind,
    at,
  });
  if (kind === "shown") {
    await deps.sql`UPDATE widget_outbound_deliveries SET last_shown_at = ${at}
      WHERE outbound_id = ${outbound.id} AND session_id = ${session.id}`;
  }
  const bestEffort = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      deps.logger?.warn(what, {
        outboundId: outbound.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
  if (changed) {
    await bestEffort("outbound stats push failed", () =>
      pushToStaff(deps.fanout, {
        name: "outbound-stats",
        data: { projectId: project.id, outboundId: outbound.id },
      }),
    );
  }
  if (ending.has(kind)) {
    await bestEffort("offering the next outbound failed", () =>
      deliverOutboundActions(deps, project, session),
    );
  }
  return changed;
}

/**
 * A survey answered through the messenger completes the survey outbounds that offered it to this
 * session (their `formId`, or their own id when they name no form): the widget never hears of the
 * answer itself, the server does.
 */
export async function acknowledgeSurveyAnswered(
  deps: AcknowledgementDeps,
  project: WidgetProject,
  session: StoredSession,
  surveyId: string,
): Promise<void> {
  const rows = await deps.sql`SELECT o.id, o.config FROM widget_outbounds o
    JOIN widget_outbound_deliveries d ON d.outbound_id = o.id AND d.session_id = ${session.id}
    WHERE o.project_id = ${project.id} AND o.type = ${"survey"}`;
  for (const row of rows as Array<{ id: string; config: string }>) {
    const formId = (JSON.parse(row.config) as { formId?: unknown }).formId;
    const shows = typeof formId === "string" && formId !== "" ? formId : row.id;
    if (shows === surveyId) await acknowledgeOutbound(deps, project, session, { id: row.id }, "completed");
  }
}
