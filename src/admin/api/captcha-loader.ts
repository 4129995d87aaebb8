import type { Challenge } from "altcha-lib";
import { api } from "./api-client.ts";
import type { PublicConfig } from "./public-config.ts";
import { loadScript } from "./script-loader.ts";

/** Spec §7: a human-verification loader, set up from public config, with `execute(action)` → token. */
export interface CaptchaLoader {
  /**
   * A token for the named action; `undefined` when verification is off. With `login`, a token for that
   * account after the server asked for one (`captchaRequired`): with ALTCHA a harder proof of work
   * bound to the account; the other providers verify every sign-in anyway.
   */
  execute(action: string, login?: string): Promise<string | undefined>;
}

/** What the loaders need from the page; tests give a fake script loader (the providers are third parties). */
export interface CaptchaEnvironment {
  loadScript(src: string): Promise<void>;
  window: Window;
  document: Document;
}

const browser = (): CaptchaEnvironment => ({ loadScript, window, document });

/** Spec §8 "captcha failed": what a verification that never answers ends in, after this long. */
export const captchaTimeoutMs = 30_000;

/** A provider's script, loaded on first use; a failed load is forgotten so the next attempt retries. */
function memoRetrying<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * ALTCHA is a proof of work, so it runs without a click: a solution is prepared as soon as the loader
 * exists, and the next one right after a token is taken (each solution is accepted only once).
 */
function altchaLoader(): CaptchaLoader {
  const solve = async (login?: string) => {
    const path = login ? `/api/auth/captcha?login=${encodeURIComponent(login)}` : "/api/auth/captcha";
    const [challenge, { solveAltcha }] = await Promise.all([
      api<Challenge>(path, { auth: false }),
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
    async execute(_action, login) {
      // A bound challenge is made for the account at the time it is asked for: never prepared ahead.
      if (login) return solve(login);
      const token = next ?? solve();
      try {
        return await token;
      } finally {
        prepare();
      }
    },
  };
}

/** The part of Google's reCAPTCHA v3 API the loader uses. */
interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** reCAPTCHA v3 scores the visitor in the background: no widget, no click. */
function recaptchaLoader(siteKey: string, env: CaptchaEnvironment): CaptchaLoader {
  const ready = memoRetrying(() =>
    env.loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`).then(
      () =>
        new Promise<Grecaptcha>((resolve, reject) => {
          const grecaptcha = (env.window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
          if (!grecaptcha) return reject(new Error("reCAPTCHA did not load"));
          grecaptcha.ready(() => resolve(grecaptcha));
        }),
    ),
  );
  ready().catch(() => {});
  return {
    async execute(action) {
      return (await ready()).execute(siteKey, { action });
    },
  };
}

/** The part of Cloudflare's Turnstile API the loader uses. */
interface Turnstile {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      action?: string;
      execution: "execute";
      appearance: "interaction-only";
      callback(token: string): void;
      "error-callback"(): void;
      "expired-callback"(): void;
      "timeout-callback"(): void;
    },
  ): string;
  execute(widgetId: string): void;
  reset(widgetId: string): void;
}

/**
 * Turnstile in "interaction-only" appearance stays invisible unless Cloudflare wants a click; its
 * container sits in a corner so that rare case does not cover the form. One widget per action, reset
 * after each token (a token is accepted once).
 */
function turnstileLoader(siteKey: string, env: CaptchaEnvironment): CaptchaLoader {
  const ready = memoRetrying(() =>
    env.loadScript("https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit").then(() => {
      const turnstile = (env.window as unknown as { turnstile?: Turnstile }).turnstile;
      if (!turnstile) throw new Error("Turnstile did not load");
      return turnstile;
    }),
  );
  ready().catch(() => {});
  const widgets = new Map<string, { id: string; waiting: Array<(token: string | Error) => void> }>();
  return {
    async execute(action) {
      const turnstile = await ready();
      let widget = widgets.get(action);
      if (!widget) {
        const container = env.document.createElement("div");
        container.className = "captcha-widget";
        env.document.body.append(container);
        const created: { id: string; waiting: Array<(token: string | Error) => void> } = {
          id: "",
          waiting: [],
        };
        const settle = (result: string | Error) => {
          for (const done of created.waiting.splice(0)) done(result);
          turnstile.reset(created.id);
        };
        created.id = turnstile.render(container, {
          sitekey: siteKey,
          action,
          execution: "execute",
          appearance: "interaction-only",
          callback: (token) => settle(token),
          "error-callback": () => settle(new Error("captcha failed")),
          // A challenge the visitor left unanswered, or a token that aged: this attempt fails.
          "expired-callback": () => settle(new Error("captcha failed")),
          "timeout-callback": () => settle(new Error("captcha failed")),
        });
        widget = created;
        widgets.set(action, widget);
      }
      const current = widget;
      return new Promise<string>((resolve, reject) => {
        // The sign-in button waits on this: it must end even when Turnstile never calls back.
        const timer = setTimeout(() => {
          const index = current.waiting.indexOf(done);
          if (index >= 0) current.waiting.splice(index, 1);
          if (current.waiting.length === 0) turnstile.reset(current.id);
          reject(new Error("captcha failed"));
        }, captchaTimeoutMs);
        function done(result: string | Error) {
          clearTimeout(timer);
          if (typeof result === "string") resolve(result);
          else reject(result);
        }
        current.waiting.push(done);
        if (current.waiting.length === 1) turnstile.execute(current.id);
      });
    },
  };
}

export function createCaptchaLoader(
  config: PublicConfig,
  env: CaptchaEnvironment = browser(),
): CaptchaLoader {
  const { provider, siteKey } = config.captcha;
  if (provider === "altcha") return altchaLoader();
  if (provider === "recaptcha" && siteKey) return recaptchaLoader(siteKey, env);
  if (provider === "turnstile" && siteKey) return turnstileLoader(siteKey, env);
  // "off": the token is omitted and the server does not ask for one.
  return { execute: async () => undefined };
}
