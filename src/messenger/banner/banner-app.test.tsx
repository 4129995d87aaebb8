import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { hostToBanner } from "../../shared/frame-messages.ts";
import type { ParentChannel } from "../banner/parent-channel.ts";
import { unmountAll } from "../test-support/dom-kit.ts";
import {
  mountOnFakeParent,
  outboundDataMessage,
  shownOnFakeParent,
} from "../test-support/fake-parent-channel.ts";
import { BannerApp } from "./banner-app.tsx";

const app = (channel: ParentChannel<typeof hostToBanner>) => <BannerApp channel={channel} />;
const render = () => mountOnFakeParent(app);

afterEach(unmountAll);

const data = (extra: Record<string, unknown> = {}) =>
  outboundDataMessage("banner", {
    title: "Spring sale",
    body: "<p>20% off</p>",
    color: "#0A7C5A",
    buttons: [
      { text: "Shop now", action: "open-url", url: "https://shop.example/sale", newTab: true },
      { text: "Chat", action: "start-conversation", botId: "bot-1", style: "secondary" },
    ],
    ...extra,
  });

/** The app shown with the host's data (and `extra` fields), what it sent so far cleared. */
const shown = (extra: Record<string, unknown> = {}) => shownOnFakeParent(app, data(extra));

describe("banner frame", () => {
  test("shows nothing until the host sends its data; then the title, the buttons and the close control", async () => {
    const { container, ...fake } = await render();
    expect(container.innerHTML).toBe("");
    await act(async () => fake.deliver(data()));
    const banner = container.querySelector<HTMLElement>(".banner");
    expect(banner?.dataset.format).toBe("normal");
    expect(banner?.querySelector(".banner-title")?.textContent).toBe("Spring sale");
    expect(banner?.style.getPropertyValue("--ob-brand")).toBe("#0A7C5A");
    expect(banner?.style.getPropertyValue("--ob-on-brand")).toBe("#FFFFFF");
    expect([...container.querySelectorAll(".ob-button")].map((button) => button.textContent)).toEqual([
      "Shop now",
      "Chat",
    ]);
    expect(container.querySelector(".banner-close")?.getAttribute("aria-label")).toBe("Close");
    // It tells the host the data is set, and its height.
    expect(fake.sent.map((message) => message.name)).toContain("banner-data-set");
    expect(fake.sent.some((message) => message.name === "banner-height")).toBe(true);
  });

  test("buttons send their actions, the close control sends banner-close", async () => {
    const { container, ...fake } = await shown();
    const [shop, chat] = container.querySelectorAll<HTMLButtonElement>(".ob-button");
    await act(async () => shop?.click());
    await act(async () => chat?.click());
    await act(async () => container.querySelector<HTMLButtonElement>(".banner-close")?.click());
    expect(fake.sent).toEqual([
      { name: "open-url", data: "https://shop.example/sale", newTab: true },
      { name: "start-conversation", data: { botId: "bot-1" } },
      { name: "banner-close" },
    ]);
  });

  test("floating format, the project colour when the banner has none, German texts, no close when asked", async () => {
    const { container } = await shown({
      format: "floating",
      color: null,
      primaryColor: "#FFD400",
      language: "de",
      showCloseButton: false,
    });
    const banner = container.querySelector<HTMLElement>(".banner");
    expect(banner?.dataset.format).toBe("floating");
    expect(banner?.style.getPropertyValue("--ob-brand")).toBe("#FFD400");
    expect(banner?.style.getPropertyValue("--ob-on-brand")).toBe("#111827");
    expect(container.querySelector(".banner-close")).toBeNull();
    expect(document.documentElement.lang).toBe("de");
  });
});
