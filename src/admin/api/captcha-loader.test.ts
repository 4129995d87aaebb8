import { describe, expect, test } from "bun:test";
import { type CaptchaEnvironment, createCaptchaLoader } from "./captcha-loader.ts";
import type { PublicConfig } from "./public-config.ts";

// reCAPTCHA and Turnstile are third parties this machine cannot reach: their scripts are replaced by
// fakes that define the same globals. Everything between the page and those globals is real.
const config = (provider: string, siteKey: string | null = "site-key-1"): PublicConfig => ({
  captcha: { provider, siteKey },
  registrationEnabled: false,
});

function fakeEnvironment(install: (win: Record<string, unknown>) => void) {
  const scripts: string[] = [];
  const win = {} as Record<string, unknown>;
  const env: CaptchaEnvironment = {
    loadScript: async (src) => {
      scripts.push(src);
      install(win);
    },
    window: win as unknown as Window,
    document,
  };
  return { env, scripts, win };
}

describe("captcha loader", () => {
  test("off: no script, no token", async () => {
    const { env, scripts } = fakeEnvironment(() => {});
    expect(await createCaptchaLoader(config("off", null), env).execute("login")).toBeUndefined();
    expect(scripts).toEqual([]);
  });

  test("reCAPTCHA v3: loads the script with the site key, waits for ready, executes the named action", async () => {
    const calls: unknown[] = [];
    let readyCalled = false;
    const { env, scripts } = fakeEnvironment((win) => {
      win.grecaptcha = {
        ready: (callback: () => void) => {
          readyCalled = true;
          setTimeout(callback, 5);
        },
        execute: async (siteKey: string, options: { action: string }) => {
          calls.push([siteKey, options]);
          return `token-${calls.length}`;
        },
      };
    });
    const loader = createCaptchaLoader(config("recaptcha", "site key/1"), env);

    expect(await loader.execute("login")).toBe("token-1");
    expect(await loader.execute("login")).toBe("token-2");
    expect(scripts).toEqual(["https://www.google.com/recaptcha/api.js?render=site%20key%2F1"]);
    expect(readyCalled).toBe(true);
    expect(calls).toEqual([
      ["site key/1", { action: "login" }],
      ["site key/1", { action: "login" }],
    ]);
  });

  test("reCAPTCHA: a script that defines nothing fails the call instead of hanging", async () => {
    const { env } = fakeEnvironment(() => {});
    await expect(createCaptchaLoader(config("recaptcha"), env).execute("login")).rejects.toThrow(
      "reCAPTCHA did not load",
    );
  });

  test("Turnstile: renders one invisible widget per action, executes it, resets it after each token", async () => {
    const rendered: Array<{ container: HTMLElement; options: Record<string, unknown> }> = [];
    const log: string[] = [];
    let issued = 0;
    const { env, scripts } = fakeEnvironment((win) => {
      win.turnstile = {
        render(container: HTMLElement, options: Record<string, unknown>) {
          rendered.push({ container, options });
          return `widget-${rendered.length}`;
        },
        execute(id: string) {
          log.push(`execute ${id}`);
          const widget = rendered[Number(id.split("-")[1]) - 1];
          issued += 1;
          const callback = widget?.options.callback as (token: string) => void;
          setTimeout(() => callback(`turnstile-token-${issued}`), 5);
        },
        reset(id: string) {
          log.push(`reset ${id}`);
        },
      };
    });
    const loader = createCaptchaLoader(config("turnstile", "0x4AAA"), env);

    expect(await loader.execute("login")).toBe("turnstile-token-1");
    expect(await loader.execute("login")).toBe("turnstile-token-2");
    expect(scripts).toEqual(["https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit"]);
    expect(rendered).toHaveLength(1);
    expect(rendered[0]?.options).toMatchObject({
      sitekey: "0x4AAA",
      action: "login",
      execution: "execute",
      appearance: "interaction-only",
    });
    expect(rendered[0]?.container.isConnected).toBe(true);
    expect(rendered[0]?.container.className).toBe("captcha-widget");
    expect(log).toEqual(["execute widget-1", "reset widget-1", "execute widget-1", "reset widget-1"]);
    rendered[0]?.container.remove();
  });

  test("a script that failed to load is loaded again on the next attempt", async () => {
    let loads = 0;
    const win = {} as Record<string, unknown>;
    const env: CaptchaEnvironment = {
      loadScript: async () => {
        loads += 1;
        if (loads === 1) throw new Error("could not load");
        win.grecaptcha = {
          ready: (callback: () => void) => callback(),
          execute: async () => "token-after-retry",
        };
      },
      window: win as unknown as Window,
      document,
    };
    const loader = createCaptchaLoader(config("recaptcha"), env);
    await expect(loader.execute("login")).rejects.toThrow("could not load");
    expect(await loader.execute("login")).toBe("token-after-retry");
    expect(loads).toBe(2);
  });

  test("Turnstile: an error, a timeout or an expiry fails the attempt with the server's wording instead of hanging", async () => {
    for (const callbackName of ["error-callback", "timeout-callback", "expired-callback"]) {
      const { env } = fakeEnvironment((win) => {
        win.turnstile = {
          render: (_container: HTMLElement, options: Record<string, unknown>) => {
            setTimeout(() => (options[callbackName] as () => void)(), 5);
            return "widget-1";
          },
          execute() {},
          reset() {},
        };
      });
      await expect(createCaptchaLoader(config("turnstile"), env).execute("login")).rejects.toThrow(
        "captcha failed",
      );
    }
    for (const widget of document.querySelectorAll(".captcha-widget")) widget.remove();
  });
});
