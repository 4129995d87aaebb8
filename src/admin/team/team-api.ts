import type { LoginResult } from "../../shared/auth-api.ts";
import type {
  CreatedInvitation,
  Invitation,
  InvitationAccept,
  InvitationCreate,
  InvitationPreview,
  MfaSetup,
  Team,
  TeamMember,
  TeamMemberUpdate,
} from "../../shared/team-api.ts";
import { api } from "../api/api-client.ts";

/** The team screen's calls (src/shared/team-api.ts). */
export const teamApi = {
  team: () => api<Team>("/api/team"),
  update: (id: string, body: TeamMemberUpdate) =>
    api<TeamMember>(`/api/team/${encodeURIComponent(id)}`, { method: "PATCH", body }),
  remove: (id: string) => api<null>(`/api/team/${encodeURIComponent(id)}`, { method: "DELETE" }),
  setMfaRequired: (mfaRequired: boolean) =>
    api<{ mfaRequired: boolean }>("/api/team/settings", { method: "PUT", body: { mfaRequired } }),
  invitations: () => api<{ items: Invitation[] }>("/api/invitations"),
  invite: (body: InvitationCreate) => api<CreatedInvitation>("/api/invitations", { method: "POST", body }),
  resend: (id: string) =>
    api<CreatedInvitation>(`/api/invitations/${encodeURIComponent(id)}/resend`, { method: "POST" }),
  revoke: (id: string) => api<null>(`/api/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
  projects: () => api<{ items: Array<{ id: string; name: string }> }>("/api/projects?pageSize=100"),
};

const tokenPath = (token: string) => `/api/invitations/${encodeURIComponent(token)}`;

/** The signed-out accept page's calls: no bearer, and a refusal is an answer, not an expired sign-in. */
export const acceptApi = {
  preview: (token: string) => api<InvitationPreview>(`${tokenPath(token)}/accept`, { auth: false }),
  mfa: (token: string) => api<MfaSetup>(`${tokenPath(token)}/mfa`, { method: "POST", auth: false }),
  accept: (token: string, body: InvitationAccept) =>
    api<LoginResult & { recoveryCode?: string }>(`${tokenPath(token)}/accept`, {
      method: "POST",
      auth: false,
      body,
    }),
};
