import { afterEach, describe, expect, jest, test } from "bun:test";
import { defaultFlowConfig, type FlowConfig } from "../src/shared/widget-config-api.ts";
import type { HttpClient } from "./http-client.ts";
import { createWidgetConfig } from "./widget-config.ts";

/** A widget config whose server answers with a project fixed to `projectLanguage` ("" = the visitor's). */
function makeConfig(browser: string, projectLanguage: string) {
  const asked: string[] = [];
  const languages: Array<{ language: string; settled: boolean }> = [];
  const request = (async (_method: string, path: string) => {
    asked.push(path);
    const flowConfig: FlowConfig = {
      ...defaultFlowConfig,
      localizationOptions: { language: projectLanguage, rtl: false },
    };
    return { flowConfig };
  }) as HttpClient;
  const config = createWidgetConfig({
    storage: null,
    request,
    report: () => {},
    onChange: () => {},
    language: browser,
    onLanguage: (language, settled) => languages.push({ language, settled }),
  });
  return { config, asked, languages };
}

afterEach(() => jest.useRealTimers());

describe("the widget's language", () => {
  test("a project that leaves it to the visitor speaks the browser's language", async () => {
    const { config, asked } = makeConfig("ar-EG", "");
    expect(config.language()).toBe("ar-eg");
    await config.load("key");
    expect(asked).toEqual(["/config/key?lang=ar-eg"]);
    expect(config.language()).toBe("ar-eg");
  });

  test("the reference's `auto` also means the browser's language", async () => {
    const { config } = makeConfig("de-DE", "auto");
    await config.load("key");
    expect(config.language()).toBe("de-de");
  });

  test("a project's fixed language wins over the browser's once the config is known", async () => {
    const { config, asked } = makeConfig("en-US", "de");
    await config.load("key");
    // Asked for in the visitor's language; the answer says the project speaks German.
    expect(asked).toEqual(["/config/key?lang=en-us"]);
    expect(config.language()).toBe("de");
  });

  test("setLanguage wins over the project's language, also when it is the browser's own", async () => {
    const { config, languages } = makeConfig("en-US", "de");
    await config.load("key");
    config.setLanguage("ar");
    expect(config.language()).toBe("ar");
    config.setLanguage("en-US");
    expect(config.language()).toBe("en-us");
    config.setLanguage("en");
    expect(config.language()).toBe("en");
    expect(languages).toEqual([
      { language: "ar", settled: false },
      { language: "en-us", settled: false },
      { language: "en", settled: false },
    ]);
    config.stop();
  });

  test("setLanguage asks for the config of that language a second later and reports it settled", async () => {
    const { config, asked, languages } = makeConfig("en-US", "");
    await config.load("key");
    // The second's wait is a timer: fake timers move it on instead of waiting it out.
    jest.useFakeTimers();
    config.setLanguage("de");
    config.setLanguage("en-US");
    jest.advanceTimersByTime(1000);
    // The config loads it asked for answer on the next turns of the event loop (not a timer).
    await new Promise((resolve) => setImmediate(resolve));
    expect(asked.slice(1)).toEqual(["/config/key?lang=en-us", "/config/key?lang=en-us"]);
    expect(languages.filter((entry) => entry.settled).map((entry) => entry.language)).toEqual([
      "en-us",
      "en-us",
    ]);
  });

  test("setLanguage drops the previous language's texts at once, and the new language's config brings its own", async () => {
    jest.useFakeTimers();
    const seen: Array<Record<string, string>> = [];
    const config = createWidgetConfig({
      storage: null,
      request: (async (_method: string, path: string) => ({
        flowConfig: {
          ...defaultFlowConfig,
          staticTranslations: {
            taskProgress: path.endsWith("lang=ar") ? "{a} من {b} مكتملة" : "{a} of {b} done",
          },
        },
      })) as HttpClient,
      report: () => {},
      onChange: (changed) => seen.push(changed.staticTranslations),
      language: "en-US",
      onLanguage: () => {},
    });
    await config.load("key");
    expect(config.current().staticTranslations).toEqual({ taskProgress: "{a} of {b} done" });
    config.setLanguage("ar");
    // Before the language-changed redraw: no English label drawn in the Arabic widget.
    expect(config.current().staticTranslations).toEqual({});
    jest.advanceTimersByTime(1000);
    await Promise.resolve();
    await Promise.resolve();
    expect(config.current().staticTranslations).toEqual({ taskProgress: "{a} من {b} مكتملة" });
    expect(seen).toEqual([{ taskProgress: "{a} of {b} done" }, {}, { taskProgress: "{a} من {b} مكتملة" }]);
  });

  test("an empty or non-text setLanguage changes nothing", async () => {
    const { config, languages } = makeConfig("fr-FR", "");
    await config.load("key");
    config.setLanguage("");
    config.setLanguage(42 as unknown as string);
    expect(config.language()).toBe("fr-fr");
    expect(languages).toEqual([]);
  });
});

describe("answers that come late", () => {
  /** A widget config whose server answers each request only when the test says, with `color` as its own. */
  function heldConfig() {
    const held: Array<{ path: string; answer: (color: string) => void }> = [];
    const request = ((_method: string, path: string) =>
      new Promise<{ flowConfig: FlowConfig }>((resolve) => {
        held.push({ path, answer: (color) => resolve({ flowConfig: { ...defaultFlowConfig, color } }) });
      })) as HttpClient;
    const changes: string[] = [];
    const config = createWidgetConfig({
      storage: null,
      request,
      report: () => {},
      onChange: (next, fromServer) => {
        if (fromServer) changes.push(next.color);
      },
      language: "en-US",
      onLanguage: () => {},
    });
    return { config, held, changes };
  }
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  test("an earlier load's answer after a later one's is not applied", async () => {
    const { config, held, changes } = heldConfig();
    const english = config.load("key");
    config.setLanguage("de");
    expect(config.outdated()).toBe(true);
    const german = config.load("key");
    expect(config.outdated()).toBe(false);
    expect(held.map((each) => each.path)).toEqual(["/config/key?lang=en-us", "/config/key?lang=de"]);
    held[1]?.answer("#de0000");
    held[0]?.answer("#e00000");
    await Promise.all([english, german]);
    await turn();
    expect(changes).toEqual(["#de0000"]);
    expect(config.current().color).toBe("#de0000");
    config.stop();
  });

  test("an answer after stop (destroy) is not applied", async () => {
    const { config, held, changes } = heldConfig();
    const loading = config.load("key");
    config.stop();
    held[0]?.answer("#e00000");
    await loading;
    await turn();
    expect(changes).toEqual([]);
    expect(config.current().color).toBe(defaultFlowConfig.color);
  });
});
