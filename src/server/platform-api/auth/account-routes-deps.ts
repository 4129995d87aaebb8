import type { SQL } from "bun";
import type { AuthLimits } from "../../auth/auth-limits.ts";
import type { Captcha } from "../../auth/captcha.ts";
import type { PasswordHashing } from "../../auth/password-hashing.ts";
import type { StaffAccessChanged } from "../../realtime/staff-socket.ts";
import type { SharedRateLimiter } from "../../shared-rate-limiter.ts";

/** What the account routes (registration, e-mail verification, password resets) use. */
export interface AccountRoutesDeps {
  sql: SQL;
  passwords: PasswordHashing;
  captcha: Captcha;
  registrationEnabled: boolean;
  limits: AuthLimits;
  limiter: SharedRateLimiter;
  /** Told when a password reset ends the user's sign-ins, so their staff sockets close with them. */
  staffAccessChanged?: StaffAccessChanged;
}
