import type { Challenge } from "altcha-lib";
import { api } from "./api-client.ts";
import type { PublicConfig } from "./public-config.ts";

/** Spec §7: a human-verification loader, set up from public config, with `execute(action)` → token. */
export interface CaptchaLoader {
  /** A token for the named action; `undefined` when verification is off. */
  execute(action: string): Promise<string | undefined>;
}

/**
 * ALTCHA is a proof of work, so it runs without a click: a solution is prepared as soon as the loader
 * exists, and the next one right after a token is taken (each solution is accepted only once).
 */
function altchaLoader(): CaptchaLoader {
  const solve = async () => {
    const [challenge, { solveAltcha }] = await Promise.all([
      api<Challenge>("/api/auth/captcha", { auth: false }),
      import("./altcha-solver.ts"),
    ]);
    return solveAltcha(challenge);
  };
  let next: Promise<string> | null = null;
  const prepare = () => {
    next = solve();
    next.catch(() => {
      next = null;
    });
  };
  prepare();
  return {
    async execute() {
      const token = next ?? solve();
      try {
        return await token;
      } finally {
        prepare();
      }
    },
  };
}

export function createCaptchaLoader(config: PublicConfig): CaptchaLoader {
  if (config.captcha.provider === "altcha") return altchaLoader();
  // "off" (and, until their scripts are wired in, reCAPTCHA and Turnstile): the token is omitted.
  return { execute: async () => undefined };
}
