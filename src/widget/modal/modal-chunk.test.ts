import { describe, expect, test } from "bun:test";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import {
  testFrameOrigin as frameOrigin,
  messageFrom,
  mountFrameChunkPerTest,
  postedData,
} from "../common/frame-test-support.ts";
import { mount, run } from "./modal-chunk.ts";

const mounted = mountFrameChunkPerTest(
  mount,
  {
    show: (payload) => run("showModal", [payload]),
    type: "MODAL",
    iframe: () => iframe(),
  },
  { nonce: "n0nce" },
);
const wrapper = () => mounted.context.root.querySelector<HTMLElement>(".gm-wrapper");
const iframe = () => mounted.context.root.querySelector<HTMLIFrameElement>(".gm-frame");
const showModal = mounted.show;
const fromModal = mounted.from;

const action = (data: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  actionType: "modal",
  outbound: "m1",
  pageFilter: "",
  pageFilterType: "",
  data: { title: "Welcome", body: "<p>Hello</p>", ...data },
  ...extra,
});

function openWith(payload: unknown) {
  const frame = showModal(payload);
  fromModal(frame, { name: "modal-loaded" });
  fromModal(frame, { name: "modal-height", data: { height: 320 } });
  return frame;
}

describe("modal", () => {
  test("an iframe of the modal frame with the dialog role over a backdrop; the page stops scrolling", () => {
    showModal(action());
    // The project's key tells the messenger origin whose allowed origins may frame it.
    expect(iframe()?.getAttribute("src")).toBe("http://localhost:3001/modal?sdkKey=demo");
    expect(iframe()?.getAttribute("role")).toBe("dialog");
    expect(iframe()?.getAttribute("aria-modal")).toBe("true");
    expect(iframe()?.getAttribute("aria-label")).toBe("Message");
    expect(iframe()?.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin");
    expect(mounted.context.root.querySelector(".gm-backdrop")).not.toBeNull();
    expect(mounted.context.root.querySelector("style")?.nonce).toBe("n0nce");
    expect(mounted.context.root.querySelector("style")?.textContent).toContain("max-width: 600px");
    expect(wrapper()?.dataset.state).toBe("loading");
    expect(document.body.style.getPropertyValue("overflow")).toBe("hidden");
    expect(document.body.classList.contains("gleap-modal-open")).toBe(true);
  });

  test("modal-loaded gets the content with the brand colour; modal-height sizes the frame and shows it", () => {
    mounted.context.host.state.flowConfig = { ...defaultFlowConfig, color: "#0A7C5A" };
    const frame = openWith(action({ showCloseButton: true }));
    expect(frame.posted).toEqual([
      {
        targetOrigin: frameOrigin,
        message: {
          name: "modal-data",
          type: "modal",
          data: {
            title: "Welcome",
            body: "<p>Hello</p>",
            showCloseButton: true,
            primaryColor: "#0A7C5A",
            language: "en",
          },
        },
      },
    ]);
    expect(iframe()?.style.height).toBe("320px");
    expect(wrapper()?.dataset.state).toBe("open");
  });

  test("the reference's shape ({config}) and the content alone are accepted; the default colour is #485BFF", () => {
    mounted.context.host.state.flowConfig = { ...defaultFlowConfig, color: "" };
    const frame = openWith({ config: { title: "From config" } });
    expect(postedData(frame)).toMatchObject({
      title: "From config",
      primaryColor: "#485BFF",
    });
    run("closeModal", []);
    const second = openWith({ title: "Data only" });
    expect(postedData(second).title).toBe("Data only");
  });

  test("a backdrop click closes it and gives the page back", () => {
    document.body.style.setProperty("overflow", "scroll");
    openWith(action());
    expect(document.body.style.getPropertyValue("overflow")).toBe("hidden");
    (mounted.context.root.querySelector(".gm-backdrop") as HTMLElement).click();
    expect(wrapper()).toBeNull();
    expect(document.body.style.getPropertyValue("overflow")).toBe("scroll");
    expect(document.body.classList.contains("gleap-modal-open")).toBe(false);
  });

  test("without a close button, neither the backdrop nor Escape closes it; the frame still may", () => {
    const frame = openWith(action({ showCloseButton: false }));
    expect(postedData(frame).showCloseButton).toBe(false);
    (mounted.context.root.querySelector(".gm-backdrop") as HTMLElement).click();
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(wrapper()).not.toBeNull();
    fromModal(frame, { name: "modal-close" });
    expect(wrapper()).toBeNull();
  });

  test("a modal holds the host's takeover slot while it shows; a server's offer waits while another holds it", () => {
    const slot = mounted.context.host.takeover;
    openWith(action());
    expect(slot.busy()).toBe(true);
    run("closeModal", []);
    expect(slot.busy()).toBe(false);

    const tour = {};
    slot.take(tour);
    run("showModal", [action()]);
    expect(wrapper()).toBeNull();
    // The host's own call, without an outbound, still shows.
    run("showModal", [action({}, { outbound: undefined })]);
    expect(wrapper()).not.toBeNull();
    run("closeModal", []);
    slot.release(tour);
    run("showModal", [action()]);
    expect(wrapper()).not.toBeNull();
  });

  test("Escape closes a closable modal", () => {
    openWith(action());
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(wrapper()).toBeNull();
  });

  test("messages from another origin, another window or of the wrong shape change nothing", () => {
    const frame = showModal(action());
    fromModal(frame, { name: "modal-loaded" }, "http://localhost:3000");
    messageFrom({ postMessage() {} }, frameOrigin, { type: "MODAL", name: "modal-close" });
    messageFrom(frame, frameOrigin, { type: "BANNER", name: "modal-close" });
    fromModal(frame, { name: "modal-height", data: { height: "1e9" } });
    messageFrom(frame, frameOrigin, "modal-close");
    expect(frame.posted).toEqual([]);
    expect(wrapper()?.dataset.state).toBe("loading");
  });

  test("the buttons' actions reach the host", () => {
    const frame = openWith(action());
    fromModal(frame, { name: "start-conversation" });
    fromModal(frame, { name: "open-url", data: "/pricing" });
    fromModal(frame, { name: "show-checklist", data: { checklistId: "c1" } });
    fromModal(frame, { name: "start-custom-action", data: { action: "trial" } });
    expect(mounted.context.host.commands).toEqual([
      { name: "startBot", args: [""] },
      { name: "startChecklist", args: ["c1", true, undefined] },
    ]);
    expect(mounted.context.host.openedUrls).toEqual([{ url: "/pricing", newTab: false }]);
    expect(mounted.context.host.customActions).toEqual([{ name: "trial", extra: undefined }]);
  });

  test("one modal at a time, only where its page filter matches, German label for a German widget", () => {
    window.history.replaceState(null, "", "/account");
    mounted.context.host.state.language = "de";
    run("showModal", [action({}, { pageFilter: "/checkout", pageFilterType: "contains" })]);
    expect(wrapper()).toBeNull();
    run("showModal", [action({}, { pageFilter: "/account", pageFilterType: "endswith" })]);
    run("showModal", [action()]);
    expect(mounted.context.root.querySelectorAll(".gm-wrapper")).toHaveLength(1);
    expect(iframe()?.title).toBe("Nachricht");
  });

  test("unmount closes it and removes its style", () => {
    showModal(action());
    mounted.unmount();
    expect(wrapper()).toBeNull();
    expect(mounted.context.root.querySelector("style")).toBeNull();
    expect(document.body.style.getPropertyValue("overflow")).toBe("");
    mounted.unmount = mount(mounted.context);
  });
});
