import { type Infer, object, optional, pattern, size, string } from "superstruct";

/** `POST /api/auth/login`: e-mail or nickname, password, optional 6-digit code and captcha token. */
export const LoginRequest = object({
  login: size(string(), 1, 320),
  password: size(string(), 1, 1024),
  code: optional(pattern(string(), /^\d{6}$/)),
  captchaToken: optional(size(string(), 0, 8192)),
});
export type LoginRequest = Infer<typeof LoginRequest>;

/** The user as the platform API shows it to the user and to admins. */
export interface PublicUser {
  id: string;
  name: string;
  email: string | null;
  role: string;
  emailVerified: boolean;
  enabled: boolean;
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
