import type { SQL } from "bun";
import type { AccessTokens } from "../../auth/access-tokens.ts";
import type { AuthGuard } from "../../auth/auth-guard.ts";
import type { AuthLimits } from "../../auth/auth-limits.ts";
import type { Captcha } from "../../auth/captcha.ts";
import type { PasswordHashing } from "../../auth/password-hashing.ts";
import type { StaffAccessChanged } from "../../realtime/staff-socket.ts";
import type { SharedRateLimiter } from "../../shared-rate-limiter.ts";

/** What the sign-in routes (`/api/auth/...` but registration and password resets) use. */
export interface AuthRoutesDeps {
  sql: SQL;
  passwords: PasswordHashing;
  tokens: AccessTokens;
  guard: AuthGuard;
  captcha: Captcha;
  registrationEnabled: boolean;
  limits: AuthLimits;
  /** How a guarded sign-in waits its slowdown (`Bun.sleep` unless given); tests record the waits instead. */
  slowdownSleep?: (ms: number) => Promise<void>;
  limiter: SharedRateLimiter;
  /** Told when a sign-in ends, so the user's staff sockets close with it. */
  staffAccessChanged?: StaffAccessChanged;
}
