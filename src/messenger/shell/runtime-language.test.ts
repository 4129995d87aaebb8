import { afterAll, expect, test } from "bun:test";
import type { HostChannel } from "../frame-protocol.ts";
import { createScreens } from "../screen-table.ts";
import { createRealtime } from "./realtime.ts";
import { createRuntime } from "./runtime.ts";

// The runtime with its real API client against a server that answers in the language it is asked.
const asked: string[] = [];
const server = Bun.serve({
  port: 0,
  fetch(request) {
    const lang = new URL(request.url).searchParams.get("lang") ?? "";
    asked.push(lang);
    const title = lang.startsWith("de")
      ? "Fehler melden"
      : lang.startsWith("ar")
        ? "الإبلاغ عن خطأ"
        : "Report a bug";
    return Response.json({ flows: [{ key: "bugreporting", title, description: "", icon: "bug" }] });
  },
});
afterAll(() => server.stop(true));

const until = async (condition: () => boolean) => {
  for (let tries = 0; tries < 200 && !condition(); tries++) await Bun.sleep(5);
  expect(condition()).toBe(true);
};

test("the messenger reads content in its language, and again in the new one after setLanguage", async () => {
  const channel: HostChannel = { send: () => {}, start: () => () => {}, origin: () => "http://localhost" };
  const runtime = createRuntime({
    channel,
    screens: createScreens(),
    browserLanguage: "en-US",
    realtime: createRealtime(async () => ({
      readyState: 0,
      send() {},
      close() {},
      reconnect() {},
      addEventListener() {},
    })),
    idle: () => {},
  });
  const titleShown = () => {
    const state = runtime.queries.read<{ flows: Array<{ title: string }> }>("/messenger/home");
    return state.status === "ready" ? state.data.flows[0]?.title : null;
  };
  runtime.queries.subscribe("/messenger/home", () => {});
  runtime.receive({ name: "config-update", data: { config: {}, aiTools: [], overrideLanguage: null } });
  runtime.receive({
    name: "session-update",
    data: { sessionData: { gleapId: "g", gleapHash: "h" }, apiUrl: server.url.href, sdkKey: "k" },
  });
  await until(() => titleShown() === "Report a bug");
  expect(asked.at(-1)).toBe("en-us");

  runtime.receive({ name: "config-update", data: { config: {}, aiTools: [], overrideLanguage: "de" } });
  await until(() => titleShown() === "Fehler melden");
  expect(asked.at(-1)).toBe("de");

  // A project fixed to Arabic, with no setLanguage: the project's language.
  runtime.receive({
    name: "config-update",
    data: { config: { localizationOptions: { language: "ar" } }, aiTools: [], overrideLanguage: null },
  });
  await until(() => titleShown() === "الإبلاغ عن خطأ");
  const reads = asked.length;
  // The same language again reads nothing again.
  runtime.receive({
    name: "config-update",
    data: { config: { localizationOptions: { language: "ar" } }, aiTools: [], overrideLanguage: null },
  });
  expect(asked.length).toBe(reads);
});
