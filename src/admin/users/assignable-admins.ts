import type { StaffMember } from "../../shared/assignment-api.ts";
import { api } from "../api/api-client.ts";
import { sharedRequest } from "../api/shared-request.ts";

/**
 * Who reports and conversations can be given to, and who a note can mention: the staff directory
 * (`GET /api/admin/staff`), each by display name with the nickname beside it. One request for the
 * screens that ask at once (a report's assignee select and its note mentions).
 */
export const assignableAdmins = sharedRequest(() => api<StaffMember[]>("/api/admin/staff"));
