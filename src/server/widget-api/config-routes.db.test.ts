import { beforeAll, describe, expect, test } from "bun:test";
import { referenceSdkTexts } from "../../shared/reference-sdk-texts.ts";
import { createTooltip } from "../domain/outbounds/tooltips-repository.ts";
import { updateProjectSettings } from "../domain/projects/projects-repository.ts";
import { expectError } from "../test-support/api-calls.ts";
import { startBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { writtenByHand } from "../test-support/written-by-hand.ts";

let server: TestServer;
let main: string;
let projectId: string;

/** The reference client's defaults (spec §3 "Config"), as the seeded demo project serves them. */
const expectedDefaults = {
  color: "#485BFF",
  headerColor: "#485BFF",
  buttonColor: "#485BFF",
  backgroundColor: "#FFFFFF",
  borderRadius: 20,
  buttonX: 20,
  buttonY: 20,
  feedbackButtonPosition: "BOTTOM_RIGHT",
  enableWebReplays: false,
  enableNetworkLogs: true,
  sendNetworkResources: false,
  networkLogPropsToIgnore: [],
  networkLogBlacklist: [],
  enableShortcuts: true,
  // The demo project waits for cookie consent (a new project does not).
  requireCookieConsent: true,
  // No fixed language: each visitor's browser decides.
  localizationOptions: { language: "", rtl: false },
  staticTranslations: {},
};

interface ConfigAnswer {
  flowConfig: Record<string, unknown> & { staticTranslations: Record<string, string> };
  lang: string;
}

const getConfig = (query: string, headers: Record<string, string> = {}) =>
  fetch(`${main}/api/widget/config/demo${query}`, { headers });

startBeforeAll(startTestServer, async (started) => {
  server = started;
  main = server.mainUrl;
  const [row] = await server.db.sql`SELECT id FROM widget_projects WHERE sdk_key = ${"demo"}`;
  projectId = row.id;
});

describe("GET /api/widget/config/:sdkKey", () => {
  let firstEtag = "";

  test("answers the flowConfig with every default, no-cache and an ETag", async () => {
    const response = await getConfig("?lang=en");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    firstEtag = response.headers.get("etag") ?? "";
    expect(firstEtag).toMatch(/^W\/"[0-9a-z]+"$/);
    const body = (await response.json()) as ConfigAnswer;
    // Asked with a language, as the published SDK asks: its own texts come along.
    expect(body.flowConfig).toEqual({ ...expectedDefaults, staticTranslations: referenceSdkTexts("en") });
    // Where this server's frames live, so the SDK needs no setFrameUrl.
    expect((body as unknown as { messengerUrl: string }).messengerUrl).toBe(server.messengerUrl);
    expect(body.lang).toBe("en");
  });

  test("the answer may be read from any origin", async () => {
    const response = await getConfig("?lang=en", { Origin: "https://customer.example" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("the same ETag is answered for the same config", async () => {
    const response = await getConfig("?lang=en");
    expect(response.headers.get("etag")).toBe(firstEtag);
  });

  test("If-None-Match with the ETag answers 304 with an empty body", async () => {
    const response = await getConfig("?lang=en", { "If-None-Match": firstEtag });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(firstEtag);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toBe("");
  });

  test("a different If-None-Match answers the full config", async () => {
    const response = await getConfig("?lang=en", { "If-None-Match": 'W/"something-else"' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ConfigAnswer).flowConfig.color).toBe("#485BFF");
  });

  test("a saved change gets a new ETag and is served at once", async () => {
    await writtenByHand(
      server,
      updateProjectSettings(server.db.sql, projectId, { flowConfig: { color: "#FF0000" } }),
    );
    const stale = await getConfig("?lang=en", { "If-None-Match": firstEtag });
    expect(stale.status).toBe(200);
    const etag = stale.headers.get("etag");
    expect(etag).toMatch(/^W\/"[0-9a-z]+"$/);
    expect(etag).not.toBe(firstEtag);
    const body = (await stale.json()) as ConfigAnswer;
    expect(body.flowConfig).toEqual({
      ...expectedDefaults,
      color: "#FF0000",
      staticTranslations: referenceSdkTexts("en"),
    });

    const revalidated = await getConfig("?lang=en", { "If-None-Match": etag ?? "" });
    expect(revalidated.status).toBe(304);
  });

  test("an empty or missing lang answers the project's fixed language, else English", async () => {
    for (const query of ["?lang=", ""]) {
      const body = (await (await getConfig(query)).json()) as { lang: string };
      expect(body.lang).toBe("en");
    }
  });

  test("an unknown SDK key answers 401 JSON with an error and CORS", async () => {
    const response = await fetch(`${main}/api/widget/config/no-such-key?lang=en`);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual({ error: "Unknown SDK key" });
  });
});

describe("language overrides", () => {
  beforeAll(async () => {
    await writtenByHand(
      server,
      updateProjectSettings(server.db.sql, projectId, {
        flowConfig: { staticTranslations: { send: "Send", cancel: "Cancel" } },
        languageOverrides: {
          de: { flowConfig: { buttonColor: "#00AA00" }, staticTranslations: { send: "Senden" } },
        },
      }),
    );
  });

  test("lang=de gets the override laid over the project config, translations merged", async () => {
    const response = await getConfig("?lang=de");
    expect(response.status).toBe(200);
    const body = (await response.json()) as ConfigAnswer;
    expect(body.flowConfig.buttonColor).toBe("#00AA00");
    expect(body.flowConfig.color).toBe("#FF0000");
    expect(body.flowConfig.headerColor).toBe("#485BFF");
    expect(body.flowConfig.staticTranslations).toEqual({
      ...referenceSdkTexts("de"),
      send: "Senden",
      cancel: "Cancel",
    });
    expect(body.lang).toBe("de");
  });

  test("lang=de-AT falls back to the base language's override", async () => {
    const response = await getConfig("?lang=de-AT");
    expect(response.status).toBe(200);
    const body = (await response.json()) as ConfigAnswer;
    expect(body.flowConfig.buttonColor).toBe("#00AA00");
    expect(body.flowConfig.staticTranslations).toMatchObject({ send: "Senden", cancel: "Cancel" });
    expect(body.flowConfig.staticTranslations.markAsDone).toBe("Als erledigt markieren");
  });

  test("lang=en does not get the German override", async () => {
    const response = await getConfig("?lang=en");
    expect(response.status).toBe(200);
    const body = (await response.json()) as ConfigAnswer;
    expect(body.flowConfig.buttonColor).toBe("#485BFF");
    expect(body.flowConfig.staticTranslations).toEqual({
      ...referenceSdkTexts("en"),
      send: "Send",
      cancel: "Cancel",
    });
  });

  test("the project's translation of a published SDK key wins over this server's", async () => {
    await writtenByHand(
      server,
      updateProjectSettings(server.db.sql, projectId, {
        languageOverrides: { ar: { staticTranslations: { markAsDone: "تم" } } },
      }),
    );
    const body = (await (await getConfig("?lang=ar")).json()) as ConfigAnswer;
    expect(body.flowConfig.staticTranslations.markAsDone).toBe("تم");
    expect(body.flowConfig.staticTranslations.taskProgress).toBe("{a} من {b} مكتملة");
    // Without a language (our own widget asks so), only the project's own translations.
    const own = (await (await getConfig("")).json()) as ConfigAnswer;
    expect(own.flowConfig.staticTranslations.markAsDone).toBeUndefined();
  });

  test("each language has its own ETag", async () => {
    const de = (await getConfig("?lang=de")).headers.get("etag");
    const en = (await getConfig("?lang=en")).headers.get("etag");
    expect(de).toBeString();
    expect(en).toBeString();
    expect(de).not.toBe(en);
    const wrongLanguage = await getConfig("?lang=en", { "If-None-Match": de ?? "" });
    expect(wrongLanguage.status).toBe(200);
  });
});

describe("GET /api/widget/config/:sdkKey/tooltips", () => {
  const getTooltips = (headers: Record<string, string> = {}) =>
    fetch(`${main}/api/widget/config/demo/tooltips`, { headers });

  const publishedConfig = {
    selector: "#signup",
    html: "<p>Sign up here</p>",
    mode: "hotspot",
    icon: "info",
    color: "#485BFF",
    animated: true,
    posX: "right",
    posY: "center",
    offsetX: 4,
    offsetY: 0,
    page: "/pricing",
    pageType: "contains",
  };
  const draftConfig = { selector: "#draft", html: "<p>Not yet</p>", mode: "plain" };
  let emptyEtag = "";

  test("answers an empty list with an ETag before any tooltip exists", async () => {
    const response = await getTooltips();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    emptyEtag = response.headers.get("etag") ?? "";
    expect(emptyEtag).toMatch(/^W\/"[0-9a-z]+"$/);
    expect(await response.json()).toEqual([]);
  });

  test("answers only published tooltips, as their configs", async () => {
    const publishedId = await createTooltip(server.db.sql, projectId, "live", publishedConfig);
    await createTooltip(server.db.sql, projectId, "draft", draftConfig);
    const response = await getTooltips({ "If-None-Match": emptyEtag });
    expect(response.status).toBe(200);
    const etag = response.headers.get("etag");
    expect(etag).not.toBe(emptyEtag);
    expect(await response.json()).toEqual([{ id: publishedId, ...publishedConfig }]);
  });

  test("If-None-Match with the current ETag answers 304 with an empty body", async () => {
    const etag = (await getTooltips()).headers.get("etag") ?? "";
    const response = await getTooltips({ "If-None-Match": etag });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(etag);
    expect(await response.text()).toBe("");
  });

  test("an unknown SDK key answers 401", async () => {
    await expectError(await fetch(`${main}/api/widget/config/no-such-key/tooltips`), 401, {
      error: "Unknown SDK key",
    });
  });
});
