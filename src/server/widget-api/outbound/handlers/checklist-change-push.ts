import { contentLanguageFor } from "../../../../shared/content-languages.ts";
import type { ChecklistConfig } from "../../../../shared/outbound-api.ts";
import {
  type ChecklistInstance,
  checklistSessionLanguages,
} from "../../../domain/outbounds/checklists-repository.ts";
import { checklistAnswer, checklistConfigOf } from "../../../domain/outbounds/outbound-answers.ts";
import type { Outbound } from "../../../domain/outbounds/outbound-repository.ts";
import { pushToSession } from "../../../realtime/widget-socket.ts";
import type { WidgetRouteDeps } from "../../widget-route-deps.ts";

/** A changed checklist to every session using it, each in its own language. */
export async function pushChecklistChange(
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
