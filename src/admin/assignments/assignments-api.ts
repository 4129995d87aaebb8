import type {
  AssignmentEvent,
  AssignmentItem,
  AssignmentItemKind,
  NewAssignment,
} from "../../shared/assignment-api.ts";
import { api } from "../api/api-client.ts";

const itemPath = (item: AssignmentItem) =>
  item.kind === "report"
    ? `/api/feedback/${encodeURIComponent(item.id)}/assignments`
    : `/api/projects/${encodeURIComponent(item.projectId)}/conversations/${encodeURIComponent(item.id)}/assignments`;

/** The admin's calls about who works on what (src/shared/assignment-api.ts). */
export const assignmentsApi = {
  timeline: (item: AssignmentItem) => api<AssignmentEvent[]>(itemPath(item)),
  /** What was given to this admin and not opened since, newest first. */
  newForMe: () => api<NewAssignment[]>("/api/admin/assignments/new"),
  /** The item is on this admin's screen: work given to them there is seen. */
  seen: (kind: AssignmentItemKind, id: string) =>
    api<void>("/api/admin/assignments/seen", { method: "POST", body: { kind, id } }),
};
