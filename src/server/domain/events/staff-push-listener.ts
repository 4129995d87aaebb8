import { pushToStaff } from "../../realtime/staff-socket.ts";
import { unreadIn } from "../conversations/conversations-repository.ts";
import { findInboxReport, triageStates } from "../inbox/inbox-repository.ts";
import { bestEffort } from "./best-effort.ts";
import type { DomainEventMap, DomainListener } from "./domain-events.ts";
import { pushAssignments, type StaffAssignmentDeps } from "./staff-assignment-pushes.ts";

export type StaffPushDeps = StaffAssignmentDeps;

/** Another admin's reply shows up too, with the visitor messages staff have not read. */
async function message(
  deps: StaffPushDeps,
  { conversation, message }: DomainEventMap["conversation.message"],
) {
  await pushToStaff(deps.fanout, {
    name: "conversation-message",
    data: {
      conversationId: conversation.id,
      projectId: conversation.projectId,
      message,
      unreadForStaff: await unreadIn(deps.sql, conversation.id, "staff"),
    },
  });
}

/** Every admin page shows the new assignee; then the timeline's events and the assignee's own push. */
async function conversationAssigned(deps: StaffPushDeps, event: DomainEventMap["conversation.assigned"]) {
  const { conversation, assignee, assignments } = event;
  await bestEffort(deps.logger, "conversation-assigned", () =>
    pushToStaff(deps.fanout, {
      name: "conversation-assigned",
      data: { conversationId: conversation.id, projectId: conversation.projectId, assignee },
    }),
  );
  await pushAssignments(deps, "conversation", assignments);
}

/** A visitor's report: every open inbox lists it at once (unread, as nobody opened it). */
async function reportCreated(deps: StaffPushDeps, { reportId }: DomainEventMap["report.created"]) {
  const report = await findInboxReport(deps.sql, reportId, null);
  if (report) await pushToStaff(deps.fanout, { name: "report-created", data: report });
}

/**
 * The admins' side: every push goes to the staff topic (staff-socket.ts), where every open admin
 * page in every process hears it, conversations and reports named by id as the admin knows them. An
 * admin page that missed a push shows the state at its next load or reconnect.
 */
export function staffPushListener(deps: StaffPushDeps): DomainListener {
  return {
    name: "staff pushes",
    on: {
      "conversation.message": (event) => message(deps, event),
      "conversation.status": ({ conversation, status }) =>
        pushToStaff(deps.fanout, {
          name: "conversation-status",
          data: { conversationId: conversation.id, projectId: conversation.projectId, status },
        }),
      // The visitor's typing only: a staff member's goes to the visitor.
      "conversation.typing": async ({ conversation, typing, typist }) => {
        if (typist.kind !== "visitor") return;
        await pushToStaff(deps.fanout, {
          name: "conversation-typing",
          data: { conversationId: conversation.id, projectId: conversation.projectId, typing },
        });
      },
      "conversation.assigned": (event) => conversationAssigned(deps, event),
      "report.created": (event) => reportCreated(deps, event),
      // The state reports are in now, read after the commit, so a push never carries a stale name.
      "report.updated": async ({ reportIds }) => {
        for (const data of await triageStates(deps.sql, reportIds))
          await pushToStaff(deps.fanout, { name: "report-updated", data });
      },
      "report.assigned": ({ assignments }) => pushAssignments(deps, "report", assignments),
      // One push per batch of ids.
      "report.deleted": async ({ reportIds }) => {
        if (reportIds.length > 0)
          await pushToStaff(deps.fanout, { name: "reports-deleted", data: { ids: [...reportIds] } });
      },
      // Notes reach the staff topic only: they have no path to a visitor's socket.
      "note.changed": (push) => pushToStaff(deps.fanout, { name: "staff-note", data: push }),
    },
  };
}
