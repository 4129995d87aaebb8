import { type Infer, object, optional, size, string } from "superstruct";
import { mfaCode, text } from "./form-rules.ts";
import type { StaffRole } from "./team-api.ts";

/** `POST /api/auth/login`: e-mail or nickname, password, optional 6-digit code or recovery code, captcha. */
export const LoginRequest = object({
  login: text(1, 320),
  password: text(1, 1024),
  code: optional(mfaCode),
  recoveryCode: optional(size(string(), 1, 64)),
  captchaToken: optional(size(string(), 0, 16_384)),
});
export type LoginRequest = Infer<typeof LoginRequest>;

export const RefreshRequest = object({ refresh_token: size(string(), 1, 512) });
export type RefreshRequest = Infer<typeof RefreshRequest>;

export const MfaCodeRequest = object({ code: mfaCode });
export type MfaCodeRequest = Infer<typeof MfaCodeRequest>;

/** The user as the platform API shows it to the user and to admins. */
export interface PublicUser {
  id: string;
  name: string;
  email: string | null;
  role: string;
  emailVerified: boolean;
  enabled: boolean;
  mfaEnabled: boolean;
  /**
   * For a staff account (role ADMIN): owner, admin or agent (src/shared/team-api.ts); else null. The
   * server always sends it; a user stored by a dashboard of an earlier release lacks it (an admin).
   */
  staffRole?: StaffRole | null;
  /** The name staff are shown by (their profile's display name); null when they set none. */
  displayName?: string | null;
}

/** The access token's payload, which the admin SPA decodes (spec §3). */
export interface AccessTokenPayload {
  sub: string;
  sid: string;
  admin: boolean;
  email_verified: boolean;
}

/** A login's answer (spec §3 "A login result carries user, session, access_token and refresh_token"). */
export interface LoginResult {
  user: PublicUser;
  session: { id: string; expiresAt: string };
  access_token: string;
  refresh_token: string;
}

/** `POST /api/auth/register` (spec §5 texts: nickname 3..30, password 8..128). */
export const RegisterRequest = object({
  name: text(3, 30),
  email: size(string(), 1, 320),
  password: text(8, 128),
  captchaToken: optional(size(string(), 0, 16_384)),
});
export type RegisterRequest = Infer<typeof RegisterRequest>;

export const VerifyEmailRequest = object({ email: text(3, 320), code: mfaCode });
export const ResendVerificationRequest = object({ email: text(3, 320) });
export const PasswordResetRequest = object({ email: text(3, 320) });
export const PasswordResetConfirmRequest = object({
  email: text(3, 320),
  code: mfaCode,
  password: text(8, 128),
});
