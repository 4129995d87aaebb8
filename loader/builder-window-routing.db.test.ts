import { afterEach, describe, expect, test } from "bun:test";
import ReconnectingWebSocket from "partysocket/ws";
import { pushToSession } from "../src/server/realtime/widget-socket.ts";
import { startedBeforeAll } from "../src/server/test-support/test-lifecycle.ts";
import { startTestServer } from "../src/server/test-support/test-server.ts";
import { builderWindowPrefix } from "../src/shared/builder-window.ts";
import type { WidgetChunk, WidgetChunkName } from "../src/shared/widget-chunk-contract.ts";
import type { WidgetPush } from "../src/shared/widget-socket-pushes.ts";
import { unfinishedTourStorageKey } from "../src/shared/widget-storage-keys.ts";
import { unreadNotificationsKey } from "../src/widget/notifications/notification-model.ts";
import { createGleap, type GleapApi } from "./gleap.ts";

/**
 * A window the admin's builder opened shows no visitor content. The loader's router is the
 * one place that rule lives, so every way in is tried here over the real server and socket: the
 * host's own calls, the address's `gleap_*` parameters, the socket's `update` push, an unfinished
 * tour and unread notifications from an earlier page view. The surfaces are fakes recording what they
 * were asked to do.
 */

const server = startedBeforeAll(() => startTestServer());

const created: GleapApi[] = [];
afterEach(() => {
  for (const api of created.splice(0)) api.destroy();
  Object.defineProperty(window, "opener", { value: null, configurable: true, writable: true });
  window.name = "";
  localStorage.clear();
  history.replaceState(null, "", "/");
});

/** What the page's admin (the builder's window opener) is told; it never answers here. */
const opener = { postMessage: () => {} };

function openedByBuilder() {
  Object.defineProperty(window, "opener", { value: opener, configurable: true, writable: true });
  window.name = `${builderWindowPrefix}-x1`;
}

const content: WidgetChunkName[] = ["messenger", "banner", "modal", "notifications", "tours"];
const surfaces: WidgetChunkName[] = ["launcher", "network-log", ...content];

async function booted() {
  const runs: string[] = [];
  const chunk = (name: WidgetChunkName): WidgetChunk => ({
    mount: () => () => {},
    run: (command) => {
      if (content.includes(name)) runs.push(`${name}.${command}`);
    },
  });
  const loads: WidgetChunkName[] = [];
  const api = createGleap({
    window,
    apiUrl: `${server.mainUrl}/api/widget`,
    loadChunk: async (name) => {
      loads.push(name);
      return chunk(name);
    },
    availableSurfaces: surfaces,
    loadSocket: () => ReconnectingWebSocket,
    loadLate: () => import("./late-chunk.ts"),
  });
  created.push(api);
  const initialized = new Promise<void>((resolve) => api.on("initialized", () => resolve()));
  api.initialize("demo", { requireCookieConsent: false });
  await initialized;
  return { api, runs, loads };
}

/** Everything visitor content can arrive through, in one page view. */
async function offerEverything(api: GleapApi, runs: string[]) {
  api.showBanner({ outbound: "b1" });
  api.showModal({ outbound: "m1" });
  api.showNotification({ outbound: "n1" });
  api.showSurvey("s1", "survey");
  api.startProductTour("t1");
  api.startChecklist("c1");
  const actions = [
    { actionType: "banner", outbound: "b2" },
    { actionType: "modal", outbound: "m2" },
    { actionType: "notification", outbound: "n2" },
    { actionType: "tour", outbound: "t2" },
    { actionType: "form-1", outbound: "s2", format: "survey" },
  ];
  const pushes: unknown[] = [];
  api.on("outbound-actions", (data) => pushes.push(data));
  const deadline = Date.now() + 5000;
  while (pushes.length === 0 && Date.now() < deadline) {
    await pushToSession(server.fanout, api.getSession()?.gleapId ?? "", {
      name: "update",
      data: { a: actions, u: 1 },
    } as WidgetPush);
    await Bun.sleep(50);
  }
  expect(pushes.length).toBeGreaterThan(0);
  // A control that is not visitor content, so the test knows the routing ran at all.
  api.open();
  const openDeadline = Date.now() + 5000;
  while (!runs.includes("messenger.open") && Date.now() < openDeadline) await Bun.sleep(20);
}

describe("a window the admin's builder opened", () => {
  test("shows none of the visitor content from the host, the address, the socket or an earlier page view", async () => {
    openedByBuilder();
    history.replaceState(null, "", "/?gleap_survey=s3&gleap_tour=t3&gleap_tour_delay=0");
    localStorage.setItem(unreadNotificationsKey, JSON.stringify([{ outbound: "n0" }]));
    localStorage.setItem(unfinishedTourStorageKey, JSON.stringify({ tourId: "t0" }));
    const { api, runs, loads } = await booted();
    await offerEverything(api, runs);
    await Bun.sleep(50);

    expect(runs).toEqual(["messenger.open"]);
    expect(loads.filter((name) => content.includes(name))).toEqual(["messenger"]);
    // The badge still counts: the content stays the visitor's, for their own tabs.
    expect(api.getUnreadCount()).toBe(1);
  });

  test("the same page without the builder shows all of it", async () => {
    history.replaceState(null, "", "/?gleap_survey=s3&gleap_tour=t3&gleap_tour_delay=0");
    localStorage.setItem(unreadNotificationsKey, JSON.stringify([{ outbound: "n0" }]));
    const { api, runs, loads } = await booted();
    await offerEverything(api, runs);
    const deadline = Date.now() + 5000;
    while (!runs.includes("tours.startProductTour") && Date.now() < deadline) await Bun.sleep(20);

    for (const run of [
      "banner.showBanner",
      "modal.showModal",
      "notifications.showNotification",
      "messenger.showSurvey",
      "tours.startProductTour",
      "messenger.startChecklist",
    ])
      expect(runs).toContain(run);
    expect(new Set(loads.filter((name) => content.includes(name)))).toEqual(new Set(content));
  });

  test("an opener alone is not the builder; disableAdminMode shows the content again", async () => {
    Object.defineProperty(window, "opener", { value: opener, configurable: true, writable: true });
    const plain = await booted();
    plain.api.showBanner({ outbound: "b1" });
    const plainDeadline = Date.now() + 5000;
    while (plain.runs.length === 0 && Date.now() < plainDeadline) await Bun.sleep(20);
    plain.api.destroy();

    openedByBuilder();
    const { api, runs } = await booted();
    api.showModal({ outbound: "m1" });
    api.disableAdminMode();
    api.showBanner({ outbound: "b1" });
    const deadline = Date.now() + 5000;
    while (runs.length === 0 && Date.now() < deadline) await Bun.sleep(20);
    await Bun.sleep(50);
    expect(plain.runs).toEqual(["banner.showBanner"]);
    expect(runs).toEqual(["banner.showBanner"]);
  });
});
