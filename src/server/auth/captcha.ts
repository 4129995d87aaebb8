import type { Challenge, Solution } from "altcha-lib";
import type { CaptchaSettings } from "../config.ts";
import { sha256Hex } from "./native-crypto.ts";

/**
 * Human verification behind one interface (admin spec §7: a loader with a site key and
 * `execute(action)` returning a token). Self-hosted ALTCHA proof-of-work by default; reCAPTCHA v3 or
 * Turnstile when their keys are configured; `off` for scripted use.
 */
export interface Captcha {
  provider: CaptchaSettings["provider"];
  /** What the browser needs: the provider and its public site key. */
  publicConfig(): { provider: string; siteKey: string | null };
  /**
   * ALTCHA only: a new signed challenge for the browser to solve. With `forAccount`, the challenge is
   * bound to that account (see `verify`) and `level` times as much work (1 is the usual work).
   */
  challenge(forAccount?: { account: string; level: number }): Promise<Challenge | null>;
  /**
   * Whether the token is a valid, unused solution. With `account` (ALTCHA only), only a solution of a
   * challenge issued for that account counts: a guarded account needs its own, harder proof of work.
   */
  verify(token: string | undefined, action: string, account?: string): Promise<boolean>;
}

/** How long an ALTCHA challenge may be solved and used; each solution is accepted once. */
const challengeSeconds = 300;
/**
 * The proof of work: `cost` SHA-256 rounds per attempt, the answer somewhere in `counter`. About a
 * tenth of a second of a browser's WebCrypto; the first setting (cost 2,000) took seconds in Bun and
 * did not finish in a browser.
 */
const altchaCost = 10;
const altchaCounter = { min: 2_000, max: 8_000 };

/** The most work an account-bound challenge asks: 64 times the usual, a few seconds in a browser. */
export const maxAltchaLevel = 64;

type Altcha = typeof import("altcha-lib") & Pick<typeof import("altcha-lib/algorithms/sha"), "deriveKey">;
let altchaModule: Promise<Altcha> | undefined;
/** ALTCHA's library, loaded by the first challenge or solution rather than by every start. */
function altcha(): Promise<Altcha> {
  altchaModule ??= Promise.all([import("altcha-lib"), import("altcha-lib/algorithms/sha")]).then(
    ([library, { deriveKey }]) => ({ ...library, deriveKey }),
  );
  return altchaModule;
}

/** What a bound challenge carries instead of the account key itself (an id or a typed name). */
function accountBinding(account: string): string {
  return sha256Hex(`altcha-account:${account}`).slice(0, 32);
}

/**
 * Marks an ALTCHA solution (its challenge's signature) as used for `forMs`; true only the first time.
 * The server keeps them in the database, so a solution used on one process is refused by the others.
 */
export type SpendSolution = (signature: string, forMs: number) => Promise<boolean>;

/** Used solutions in this process's memory: enough for one process (and the captcha's unit tests). */
function spentInMemory(): SpendSolution {
  const used = new Map<string, number>();
  return async (signature, forMs) => {
    const now = Date.now();
    for (const [key, expires] of used) if (expires < now) used.delete(key);
    if (used.has(signature)) return false;
    used.set(signature, now + forMs);
    return true;
  };
}

export function createCaptcha(
  settings: CaptchaSettings,
  secret: string,
  fetchImpl: typeof fetch = fetch,
  spend: SpendSolution = spentInMemory(),
): Captcha {
  async function verifyAltcha(token: string, account: string | undefined): Promise<boolean> {
    let payload: { challenge?: Challenge; solution?: Solution };
    try {
      payload = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
    } catch {
      return false;
    }
    if (!payload.challenge || !payload.solution) return false;
    // `data` is covered by the signature checked below, so a client cannot bind a cheap solution itself.
    if (account !== undefined && payload.challenge.parameters?.data?.account !== accountBinding(account))
      return false;
    const { verifySolution, deriveKey } = await altcha();
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secret,
    }).catch(() => null);
    if (!result?.verified) return false;
    // Spent only once verified, so a forged token cannot use up the signature it copied.
    return spend(payload.challenge.signature ?? "", challengeSeconds * 1000);
  }

  /** reCAPTCHA v3 and Turnstile share the siteverify protocol (secret, response → { success }). */
  async function verifyRemote(token: string, action: string): Promise<boolean> {
    const url =
      settings.verifyUrl ??
      (settings.provider === "recaptcha"
        ? "https://www.google.com/recaptcha/api/siteverify"
        : "https://challenges.cloudflare.com/turnstile/v0/siteverify");
    try {
      const response = await fetchImpl(url, {
        method: "POST",
        body: new URLSearchParams({ secret: settings.secretKey ?? "", response: token }),
      });
      const answer = (await response.json()) as { success?: boolean; score?: number; action?: string };
      if (!answer.success) return false;
      if (settings.provider === "recaptcha") {
        return (
          (answer.score ?? 0) >= settings.minScore &&
          (answer.action === undefined || answer.action === action)
        );
      }
      return true;
    } catch {
      return false;
    }
  }

  return {
    provider: settings.provider,
    publicConfig: () => ({ provider: settings.provider, siteKey: settings.siteKey ?? null }),
    async challenge(forAccount) {
      if (settings.provider !== "altcha") return null;
      // The solver counts up to the secret counter: a range `level` times as far is that much more work.
      const level = Math.max(1, Math.min(maxAltchaLevel, Math.floor(forAccount?.level ?? 1)));
      const { createChallenge, deriveKey, randomInt } = await altcha();
      return createChallenge({
        algorithm: "SHA-256",
        cost: altchaCost,
        counter: randomInt(altchaCounter.min * level, altchaCounter.max * level),
        deriveKey,
        expiresAt: new Date(Date.now() + challengeSeconds * 1000),
        hmacSignatureSecret: secret,
        ...(forAccount ? { data: { account: accountBinding(forAccount.account), level } } : {}),
      });
    },
    async verify(token, action, account) {
      if (settings.provider === "off") return true;
      if (!token) return false;
      return settings.provider === "altcha" ? verifyAltcha(token, account) : verifyRemote(token, action);
    },
  };
}
