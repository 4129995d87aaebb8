import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import type { hostToModal } from "../../shared/frame-messages.ts";
import type { ParentChannel } from "../banner/parent-channel.ts";
import { unmountAll } from "../test-support/dom-kit.ts";
import {
  mountOnFakeParent,
  outboundDataMessage,
  shownOnFakeParent,
} from "../test-support/fake-parent-channel.ts";
import { ModalApp } from "./modal-app.tsx";

const app = (channel: ParentChannel<typeof hostToModal>) => <ModalApp channel={channel} />;
const render = () => mountOnFakeParent(app);

afterEach(unmountAll);

const data = (extra: Record<string, unknown> = {}) =>
  outboundDataMessage("modal", {
    title: "Try shared spaces",
    body: "<p>Invite your team.</p>",
    primaryColor: "#485BFF",
    buttons: [
      { text: "Start a conversation", action: "start-conversation" },
      { text: "Maybe later", action: "close", style: "secondary" },
    ],
    ...extra,
  });

/** The app shown with the host's data (and `extra` fields), what it sent so far cleared. */
const shown = (extra: Record<string, unknown> = {}) => shownOnFakeParent(app, data(extra));

describe("modal frame", () => {
  test("renders the title as the content's label, the buttons in the brand colour and a close button", async () => {
    const { container, ...fake } = await render();
    expect(container.innerHTML).toBe("");
    await act(async () => fake.deliver(data()));
    const modal = container.querySelector<HTMLElement>(".modal");
    const title = container.querySelector("h1");
    expect(title?.textContent).toBe("Try shared spaces");
    expect(modal?.getAttribute("aria-labelledby")).toBe(title?.id ?? "missing");
    expect(modal?.style.getPropertyValue("--ob-brand")).toBe("#485BFF");
    expect(container.querySelector(".modal-close")?.getAttribute("aria-label")).toBe("Close");
    expect(fake.sent.some((message) => message.name === "modal-height")).toBe(true);
  });

  test("an action button asks the host and closes; a close button only closes", async () => {
    const { container, ...fake } = await shown();
    const [start, later] = container.querySelectorAll<HTMLButtonElement>(".ob-button");
    await act(async () => start?.click());
    await act(async () => later?.click());
    expect(fake.sent).toEqual([
      { name: "start-conversation", data: { botId: "" } },
      { name: "modal-close" },
      { name: "modal-close" },
    ]);
  });

  test("Escape closes; without showCloseButton there is no close button and Escape does nothing", async () => {
    const { container, ...fake } = await shown();
    await act(async () => window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })));
    expect(fake.sent).toEqual([{ name: "modal-close" }]);

    await act(async () => fake.deliver(data({ showCloseButton: false, language: "de" })));
    fake.sent.length = 0;
    expect(container.querySelector(".modal-close")).toBeNull();
    await act(async () => window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })));
    expect(fake.sent).toEqual([]);
  });

  test("a header image only from the web", async () => {
    const { container, ...fake } = await shown({ imageUrl: "javascript:alert(1)" });
    expect(container.querySelector(".modal-image")).toBeNull();
    await act(async () => fake.deliver(data({ imageUrl: "https://cdn.example/spaces.png" })));
    expect(container.querySelector(".modal-image")?.getAttribute("src")).toBe(
      "https://cdn.example/spaces.png",
    );
  });
});
