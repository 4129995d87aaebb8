import { array, boolean, enums, type Infer, nullable, object, optional, size, string } from "superstruct";
import { email, mfaCode, text } from "./form-rules.ts";
import { boundedText } from "./payload-text.ts";
import { userName } from "./users-api.ts";

/**
 * The staff of the dashboard and what each may do (docs/team.md):
 *
 *   owner  everything, and the only role that makes, changes or removes owners
 *   admin  everything but owners: the platform, every project, the team
 *   agent  the feedback inbox, conversations, visitors and saved replies of the projects they are a
 *          member of; nothing of the platform's management, project settings, webhooks or the builder
 *
 * A staff account is a platform user with role ADMIN; `staffRole` says which of the three it is.
 *
 *   GET    /api/team                          → { members: TeamMember[], mfaRequired }
 *   PATCH  /api/team/{userId}                 TeamMemberUpdate → TeamMember (audited as team.role,
 *                                             team.projects)
 *   DELETE /api/team/{userId}                 → 204 (the account stays a platform user; audited as
 *                                             team.remove)
 *   PUT    /api/team/settings                 TeamSettingsUpdate → { mfaRequired } (owners only)
 *   POST   /api/invitations                   InvitationCreate → 201 CreatedInvitation
 *   GET    /api/invitations                   → { items: Invitation[] } (pending ones)
 *   GET    /api/invitations/{id}              → Invitation
 *   DELETE /api/invitations/{id}              → 204 (revoked: the link stops working)
 *   POST   /api/invitations/{id}/resend       → CreatedInvitation (a new link; the old one stops working)
 *   GET    /api/invitations/{token}/accept    → InvitationPreview (signed out)
 *   POST   /api/invitations/{token}/mfa       → MfaSetup (signed out; when the workspace requires MFA)
 *   POST   /api/invitations/{token}/accept    InvitationAccept → 201 LoginResult (signed out)
 */

export const staffRoles = ["owner", "admin", "agent"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The texts of the refusals, so the dashboard can tell them apart without parsing. */
export const teamErrors = {
  agentArea:
    "Agents work the feedback inbox and conversations of their projects; this needs an admin or an owner",
  notProjectMember: "You are not a member of this project",
  ownersOnly: "Only an owner may make, change or remove an owner",
  lastOwner: "The last owner cannot be removed or demoted",
  ownAccount: "You cannot change your own role or remove yourself from the team",
  memberNotFound: "This team member was not found",
  unknownProject: "One of the projects does not exist",
  alreadyStaff: "This person is already a member of the team",
  accountExists:
    "An account with this e-mail address exists: make it staff from its page under Users instead",
  invitationNotFound: "This invitation was not found",
  invalidLink: "This invitation link is invalid or has expired",
  codeRequired: "This workspace requires two-factor authentication: set it up and enter a code",
  invalidCode: "invalid code",
  tooMany: "Too many attempts, try again later",
} as const;

const projectIds = size(array(size(string(), 1, 64)), 0, 200);

export const InvitationCreate = object({
  email,
  role: enums(staffRoles),
  /** The projects an agent works in (admins and owners see every project; kept for when they change). */
  projectIds: optional(projectIds),
});
export type InvitationCreate = Infer<typeof InvitationCreate>;

/** A pending invitation as the team screen lists it. */
export interface Invitation {
  id: string;
  email: string;
  role: StaffRole;
  projectIds: string[];
  invitedBy: { id: string; name: string } | null;
  createdAt: string;
  /** When the last link was sent (the invitation or its last resend). */
  sentAt: string;
  expiresAt: string;
}

/**
 * The answer to creating or resending: `link` only when the server has no mail transport (no
 * `SMTP_URL`), shown once to the inviter, who passes it on; its last path segment is the token.
 */
export interface CreatedInvitation {
  id: string;
  email: string;
  role: StaffRole;
  projectIds: string[];
  expiresAt: string;
  link?: string;
}

/** What the accept page shows before the invited person sets up the account. */
export interface InvitationPreview {
  email: string;
  role: StaffRole;
  expiresAt: string;
  /** Two-factor authentication must be set up with the account. */
  mfaRequired: boolean;
}

/** `POST /api/invitations/{token}/mfa`: the authenticator secret the account will have. */
export interface MfaSetup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

export const InvitationAccept = object({
  /** The name colleagues and visitors see (the profile's display name). */
  name: boundedText(1, 64),
  /** The sign-in nickname. */
  nickname: userName,
  password: text(8, 128),
  /** The authenticator's code, when the workspace requires two-factor authentication. */
  code: optional(mfaCode),
});
export type InvitationAccept = Infer<typeof InvitationAccept>;

export interface TeamMember {
  id: string;
  /** The nickname (sign-in). */
  name: string;
  displayName: string | null;
  email: string | null;
  role: StaffRole;
  enabled: boolean;
  mfaEnabled: boolean;
  /** The projects the member belongs to (what an agent sees). */
  projectIds: string[];
  lastLoginAt: string | null;
}

export interface Team {
  members: TeamMember[];
  mfaRequired: boolean;
}

export const TeamMemberUpdate = object({
  role: optional(enums(staffRoles)),
  projectIds: optional(projectIds),
});
export type TeamMemberUpdate = Infer<typeof TeamMemberUpdate>;

export const TeamSettingsUpdate = object({ mfaRequired: boolean() });
export type TeamSettingsUpdate = Infer<typeof TeamSettingsUpdate>;

/** A staff role, or null for an account that is not staff (a platform user). */
export const NullableStaffRole = nullable(enums(staffRoles));
