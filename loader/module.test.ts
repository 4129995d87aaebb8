import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { processTestTimeoutMs } from "../src/server/test-support/test-timeouts.ts";
import { hostFunctions } from "./host-functions-test-support.ts";
import { unconnectedGleap } from "./unconnected-gleap-test-support.ts";

// Starts whole processes: the process-level timeout of test-timeouts.ts.
setDefaultTimeout(processTestTimeoutMs);

const modulePath = join(import.meta.dir, "module.ts");

/** What an import could touch on the page: the console, fetch and XHR, the document, the storage. */
const pageState = () => ({
  ...hostFunctions(),
  bodyChildren: document.body.childElementCount,
  headChildren: document.head.childElementCount,
  storage: localStorage.length,
});

/** Every method name of the host API, read from a real (never initialised) instance. */
function apiMethodNames(): string[] {
  const api = unconnectedGleap();
  const names = Object.keys(api).filter((name) => typeof api[name as keyof typeof api] === "function");
  api.destroy();
  return names.sort();
}

/** Runs a script in a fresh Bun process without happy-dom (a server-side render), answering its JSON output. */
async function runOnServer(script: string): Promise<Record<string, unknown>> {
  const child = Bun.spawn([process.execPath, "-e", script], {
    cwd: import.meta.dir,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, NO_COLOR: "1" },
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0) throw new Error(`subprocess failed (${code}): ${err}`);
  const line = out.trim().split("\n").at(-1) ?? "";
  return JSON.parse(line) as Record<string, unknown>;
}

describe("loader/module.ts on a server (no DOM)", () => {
  const methods = apiMethodNames();

  test("the API has the host methods this test calls", () => {
    expect(methods).toContain("initialize");
    expect(methods).toContain("identify");
    expect(methods).toContain("destroy");
    expect(methods.length).toBeGreaterThan(40);
  });

  test("importing touches neither window nor document, and every method is a no-op answering undefined", async () => {
    const script = `
      const touched = [];
      // (navigator is left alone: Bun has one, and partysocket checks it for React Native at import.)
      for (const name of ["window", "document", "localStorage", "location", "self"]) {
        Object.defineProperty(globalThis, name, {
          configurable: true,
          get() { touched.push(name); return undefined; },
        });
      }
      globalThis.__GLEAP_CHUNKS__ = { launcher: "launcher-chunk-abcd1234.js" };
      globalThis.__GLEAP_DEFAULT_API_URL__ = "https://feedback.example/api/widget";
      const globalsBefore = Object.getOwnPropertyNames(globalThis).length;
      const m = await import(${JSON.stringify(modulePath)});
      const touchedAtImport = [...touched];
      const globalsAfterImport = Object.getOwnPropertyNames(globalThis).length;
      const api = m.default;
      const methods = ${JSON.stringify(methods)};
      const results = {};
      const thrown = [];
      for (const name of methods) {
        try {
          const value = api[name]("demo", { requireCookieConsent: false }, "x");
          results[name] = value === undefined ? "undefined" : typeof value;
        } catch (error) {
          thrown.push(name + ": " + error);
        }
      }
      console.log(JSON.stringify({
        typeofInitialize: typeof api.initialize,
        touchedAtImport,
        globalsAdded: globalsAfterImport - globalsBefore,
        results,
        thrown,
        unknownMethod: typeof api.notAMethod === "function" ? String(api.notAMethod()) : typeof api.notAMethod,
        gleapGlobal: typeof globalThis.Gleap,
      }));
    `;
    const output = await runOnServer(script);
    expect(output.typeofInitialize).toBe("function");
    expect(output.touchedAtImport).toEqual([]);
    expect(output.globalsAdded).toBe(0);
    expect(output.thrown).toEqual([]);
    expect(output.results).toEqual(Object.fromEntries(methods.map((name) => [name, "undefined"])));
    expect(output.unknownMethod).toBe("undefined");
    expect(output.gleapGlobal).toBe("undefined");
  });

  test("the check above can tell: a module that reads window at import is caught", async () => {
    const output = await runOnServer(`
      const touched = [];
      Object.defineProperty(globalThis, "window", { configurable: true, get() { touched.push("window"); return undefined; } });
      await import("data:text/javascript,export const w = typeof window;");
      console.log(JSON.stringify({ touched }));
    `);
    expect(output.touched).toEqual(["window"]);
  });
});

describe("loader/module.ts in a browser (happy-dom)", () => {
  const globals = globalThis as unknown as Record<string, unknown>;

  afterAll(() => {
    delete globals.__GLEAP_CHUNKS__;
    delete globals.__GLEAP_DEFAULT_API_URL__;
    localStorage.clear();
  });

  test("importing changes nothing on the page; the first call creates the SDK lazily", async () => {
    const before = pageState();
    const { default: HostGleap } = await import("./module.ts");
    // The getters beyond the declared host API are reached through the same proxy.
    const Gleap = HostGleap as typeof HostGleap & { getApiUrl(): string; notAMethod?: () => unknown };
    expect(pageState()).toEqual(before);
    expect(console.log).toBe(before.log);
    expect(window.fetch).toBe(before.fetch);
    expect((window as unknown as { Gleap?: unknown }).Gleap).toBeUndefined();

    // build.ts defines these; here they are globals the module reads at its first call.
    globals.__GLEAP_CHUNKS__ = { launcher: "launcher-chunk-abcd1234.js" };
    globals.__GLEAP_DEFAULT_API_URL__ = "https://feedback.example/api/widget";
    expect(Gleap.getApiUrl()).toBe("https://feedback.example/api/widget");
    expect(Gleap.getUnreadCount()).toBe(0);
    expect(Gleap.isOpened()).toBe(false);
    expect(Gleap.notAMethod?.()).toBeUndefined();
    Gleap.setApiUrl("https://other.example/api/widget/");
    expect(Gleap.getApiUrl()).toBe("https://other.example/api/widget");
    Gleap.destroy();
    expect(console.log).toBe(before.log);
    expect(window.fetch).toBe(before.fetch);
  });
});
