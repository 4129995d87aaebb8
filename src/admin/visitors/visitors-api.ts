import type { VisitorTimeline } from "../../shared/visitor-timeline-api.ts";
import { api } from "../api/api-client.ts";

/** The admin's call for the visitor panel (src/shared/visitor-timeline-api.ts). */
export const visitorsApi = {
  timeline: (sessionId: string) =>
    api<VisitorTimeline>(`/api/admin/visitors/${encodeURIComponent(sessionId)}/timeline`),
};
