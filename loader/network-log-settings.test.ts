import { describe, expect, test } from "bun:test";
import type { FlowConfig } from "../src/shared/widget-config-api.ts";
import { createNetworkLogSettings } from "./network-log-settings.ts";

const flowConfig = () =>
  ({
    networkLogBlacklist: ["/secret"],
    networkLogPropsToIgnore: ["token"],
    sendNetworkResources: false,
  }) as unknown as FlowConfig;

describe("starting the network log", () => {
  test("settles once the chunk has its settings and captures, in that order", async () => {
    const sent: string[] = [];
    let arrive = () => {};
    const chunkArrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const settings = createNetworkLogSettings({
      ready: () => true,
      flowConfig,
      send: async (command) => {
        await chunkArrived;
        sent.push(command);
      },
    });
    let started = false;
    const starting = settings.start().then(() => {
      started = true;
    });
    await Bun.sleep(10);
    expect(started).toBe(false);
    arrive();
    await starting;
    expect(sent).toEqual(["configure", "start"]);
  });

  test("a chunk that fails to load settles the start without a rejection", async () => {
    const settings = createNetworkLogSettings({
      ready: () => true,
      flowConfig,
      send: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
    });
    await expect(settings.start()).resolves.toBeUndefined();
    expect(settings.on()).toBe(true);
  });

  test("before the session is ready nothing is sent and the start settles at once", async () => {
    const sent: string[] = [];
    const settings = createNetworkLogSettings({
      ready: () => false,
      flowConfig,
      send: async (command) => {
        sent.push(command);
      },
    });
    await settings.start();
    expect(sent).toEqual([]);
  });
});
