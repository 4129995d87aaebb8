import { afterEach, describe, expect, test } from "bun:test";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { MessengerToHostMessage } from "../shared/frame-messages.ts";
import type { HostChannel } from "./frame-protocol.ts";
import { MessengerApp } from "./messenger-app.tsx";
import { createMessengerStore } from "./messenger-store.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;

async function render() {
  const store = createMessengerStore();
  const sent: MessengerToHostMessage[] = [];
  const channel: HostChannel = {
    send: (message) => sent.push(message),
    start: () => () => {},
    origin: () => null,
  };
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<MessengerApp store={store} channel={channel} />));
  return { store, sent };
}

const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid=${id}]`);

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  document.documentElement.dir = "";
});

describe("messenger frame screen", () => {
  test("shows the brand colour from the config and the requested screen, and lists what it received", async () => {
    const { store, sent } = await render();
    expect(byTestId("frame-app")?.dataset.ready).toBe("false");
    await act(async () => {
      store.receive({
        name: "config-update",
        data: { config: { color: "#0B7A75", headerColor: "#0B7A75" }, aiTools: [] },
      });
      store.receive({ name: "start-feedbackflow", data: { flow: "bugreporting", hideBackButton: true } });
    });
    expect(byTestId("frame-app")?.dataset.brand).toBe("#0B7A75");
    expect(byTestId("frame-app")?.style.getPropertyValue("--brand")).toBe("#0B7A75");
    expect(byTestId("frame-screen")?.textContent).toBe("Feedback flow: bugreporting");
    expect(
      [...(byTestId("frame-received")?.querySelectorAll("li") ?? [])].map((li) => li.textContent),
    ).toEqual(["config-update", "start-feedbackflow"]);
    // hideBackButton: no back button.
    expect(container.querySelector("[aria-label=Back]")).toBeNull();
    expect(sent).toContainEqual({ name: "page-changed", data: { name: "feedbackflow" } });
  });

  test("a colour that is not a hex value falls back to the default brand", async () => {
    const { store } = await render();
    await act(async () =>
      store.receive({ name: "config-update", data: { config: { color: "red;x" }, aiTools: [] } }),
    );
    expect(byTestId("frame-app")?.dataset.brand).toBe("#485BFF");
  });

  test("the close button and Escape ask the host to close the widget", async () => {
    const { sent } = await render();
    await act(async () => byTestId("frame-close")?.click());
    await act(async () => document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" })));
    expect(sent.filter((message) => message.name === "close-widget")).toHaveLength(2);
  });

  test("a news article reports the newsdetails page; the back button returns home", async () => {
    const { store, sent } = await render();
    await act(async () => {
      store.receive({ name: "config-update", data: { config: {}, aiTools: [] } });
      store.receive({ name: "open-news-article", data: { id: "n-1" } });
    });
    expect(sent).toContainEqual({ name: "page-changed", data: { name: "newsdetails" } });
    await act(async () => container.querySelector<HTMLButtonElement>("[aria-label=Back]")?.click());
    expect(byTestId("frame-screen")?.textContent).toBe("Home");
    expect(sent.at(-1)).toEqual({ name: "page-changed", data: { name: "home" } });
  });

  test("right to left and the language from the config", async () => {
    const { store } = await render();
    await act(async () =>
      store.receive({
        name: "config-update",
        data: {
          config: { localizationOptions: { language: "ar", rtl: true } },
          overrideLanguage: null,
          aiTools: [],
        },
      }),
    );
    expect(document.documentElement.dir).toBe("rtl");
    expect(document.documentElement.lang).toBe("ar");
  });

  test("feedback answers are shown", async () => {
    const { store } = await render();
    await act(async () => store.receive({ name: "feedback-sent", data: { shortId: "FB-12" } }));
    expect(byTestId("frame-feedback")?.textContent).toBe("Thanks! Your feedback was received (FB-12).");
    await act(async () =>
      store.receive({ name: "feedback-sending-failed", data: "Something went wrong, please try again." }),
    );
    expect(byTestId("frame-feedback")?.getAttribute("role")).toBe("alert");
  });
});

test("opened on its own (not framed), the origin says what it is for", async () => {
  const store = createMessengerStore();
  const channel: HostChannel = { send: () => {}, start: () => () => {}, origin: () => null };
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<MessengerApp store={store} channel={channel} framed={false} />));
  expect(container.querySelector("h1")?.textContent).toBe("Messenger");
  expect(container.querySelector("[data-testid=frame-received]")).toBeNull();
});
