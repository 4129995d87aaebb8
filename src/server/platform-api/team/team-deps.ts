import type { AccessTokens } from "../../auth/access-tokens.ts";
import type { PasswordHashing } from "../../auth/password-hashing.ts";
import type { TeamRefusal } from "../../domain/staff/team-repository.ts";
import { jsonError } from "../../http/json-response.ts";
import type { SharedRateLimiter } from "../../shared-rate-limiter.ts";
import type { InvitationLimits } from "./invitation-limits.ts";

/** What the invitation routes need beyond the platform's deps. */
export interface InvitationDeps {
  /** Whether mail leaves the outbox (`SMTP_URL`); without it the inviter is answered the link, once. */
  mailTransport: boolean;
  /** The admin's public origin, where the accept page's link points. */
  adminUrl: () => string;
  limiter: SharedRateLimiter;
  limits: InvitationLimits;
  passwords: PasswordHashing;
  tokens: AccessTokens;
}

/** The path of the accept page in the admin origin; the link's last segment is the token. */
export const invitationLink = (adminUrl: string, token: string): string =>
  `${adminUrl.replace(/\/+$/, "")}/invite/${token}`;

/** A team rule's refusal as the platform's error body. */
export const refusalOf = (refusal: TeamRefusal): Response =>
  jsonError(refusal.status, refusal.error, refusal.field);
