import { describe, expect, test } from "bun:test";
import {
  testFrameOrigin as frameOrigin,
  messageFrom,
  mountFrameChunkPerTest,
  postedData,
} from "../common/frame-test-support.ts";
import { mount, run } from "./banner-chunk.ts";

const bannerElement = () => document.getElementById("gleap-banner");
const bannerIframe = () => bannerElement()?.shadowRoot?.querySelector("iframe") ?? null;
const mounted = mountFrameChunkPerTest(mount, {
  show: (payload) => run("showBanner", [payload]),
  type: "BANNER",
  iframe: bannerIframe,
});
const html = document.documentElement;
const showBanner = mounted.show;
const fromBanner = mounted.from;

/** A host stylesheet that moves its fixed header with the banner's variable, for the test's length. */
function hostHeaderUsingTheVariable(): () => void {
  const style = document.createElement("style");
  style.textContent = ".site-header { position: fixed; top: var(--gleap-margin-top, 0px); }";
  document.head.append(style);
  return () => style.remove();
}

const action = (format?: string, extra: Record<string, unknown> = {}) => ({
  actionType: "banner",
  ...(format ? { format } : {}),
  outbound: "b1",
  pageFilter: "",
  pageFilterType: "",
  data: {
    title: "Spring sale",
    body: "<p>20% off</p>",
    buttons: [{ text: "Shop", action: "open-url", url: "/shop" }],
  },
  ...extra,
});

describe("banner", () => {
  test("injects the banner frame at the top of the document, hidden until its content is set", () => {
    showBanner(action());
    const element = bannerElement();
    expect(element?.parentElement).toBe(html);
    // The project's key tells the messenger origin whose allowed origins may frame it.
    expect(bannerIframe()?.getAttribute("src")).toBe("http://localhost:3001/banner?sdkKey=demo");
    expect(bannerIframe()?.title).toBe("Announcement");
    expect(bannerIframe()?.getAttribute("sandbox")).toBe("allow-scripts allow-same-origin");
    expect(element?.style.getPropertyValue("visibility")).toBe("hidden");
    expect(element?.style.getPropertyPriority("position")).toBe("important");
    expect(document.body.classList.contains("gleap-b-shown")).toBe(false);
  });

  test("banner-loaded gets the content (type banner) at the frame's exact origin", () => {
    const frame = showBanner(action());
    fromBanner(frame, { name: "banner-loaded" });
    expect(frame.posted).toEqual([
      {
        targetOrigin: frameOrigin,
        message: {
          name: "banner-data",
          type: "banner",
          data: {
            title: "Spring sale",
            body: "<p>20% off</p>",
            buttons: [{ text: "Shop", action: "open-url", url: "/shop" }],
            primaryColor: "#485BFF",
            language: "en",
          },
        },
      },
    ]);
  });

  test("a normal banner pushes the page down by its height; close puts everything back", () => {
    const removeStyle = hostHeaderUsingTheVariable();
    html.style.setProperty("padding-top", "3px");
    const frame = showBanner(action());
    fromBanner(frame, { name: "banner-height", data: { height: 52 } });
    fromBanner(frame, { name: "banner-data-set" });
    expect(html.style.getPropertyValue("--gleap-margin-top")).toBe("52px");
    expect(html.style.getPropertyValue("padding-top")).toBe("52px");
    expect(bannerElement()?.style.getPropertyValue("height")).toBe("52px");
    expect(bannerElement()?.style.getPropertyValue("visibility")).toBe("visible");
    expect([...document.body.classList]).toEqual(["gleap-b-shown"]);
    // The frame grows: the page follows.
    fromBanner(frame, { name: "banner-height", data: { height: 80 } });
    expect(html.style.getPropertyValue("padding-top")).toBe("80px");

    fromBanner(frame, { name: "banner-close" });
    expect(bannerElement()).toBeNull();
    expect(html.style.getPropertyValue("padding-top")).toBe("3px");
    expect(html.style.getPropertyValue("--gleap-margin-top")).toBe("");
    expect(document.body.classList.contains("gleap-b-shown")).toBe(false);
    removeStyle();
  });

  test("a page whose styles never name --gleap-margin-top is pushed down without it", () => {
    const frame = showBanner(action());
    fromBanner(frame, { name: "banner-height", data: { height: 52 } });
    fromBanner(frame, { name: "banner-data-set" });
    expect(html.style.getPropertyValue("padding-top")).toBe("52px");
    // Set on the root, every element of the page would be restyled for a value nothing reads.
    expect(html.style.getPropertyValue("--gleap-margin-top")).toBe("");
    fromBanner(frame, { name: "banner-height", data: { height: 80 } });
    expect(html.style.getPropertyValue("padding-top")).toBe("80px");
    expect(html.style.getPropertyValue("--gleap-margin-top")).toBe("");
  });

  test("the page is restyled once at reveal, then only when the height really changes", () => {
    const removeStyle = hostHeaderUsingTheVariable();
    const writes: string[] = [];
    const setProperty = html.style.setProperty.bind(html.style);
    html.style.setProperty = (property: string, value: string | null, priority?: string) => {
      writes.push(`${property}: ${value}`);
      setProperty(property, value, priority);
    };
    try {
      const frame = showBanner(action());
      // The frame settles its height while hidden: the page is not touched yet.
      fromBanner(frame, { name: "banner-height", data: { height: 40 } });
      fromBanner(frame, { name: "banner-height", data: { height: 52 } });
      expect(writes).toEqual([]);
      expect(bannerElement()?.style.getPropertyValue("height")).toBe("52px");
      fromBanner(frame, { name: "banner-data-set" });
      expect(writes).toEqual(["--gleap-margin-top: 52px", "padding-top: 52px"]);
      fromBanner(frame, { name: "banner-height", data: { height: 52 } });
      fromBanner(frame, { name: "banner-data-set" });
      expect(writes.length).toBe(2);
      fromBanner(frame, { name: "banner-height", data: { height: 64 } });
      expect(writes.slice(2)).toEqual(["--gleap-margin-top: 64px", "padding-top: 64px"]);
    } finally {
      html.style.setProperty = setProperty;
      removeStyle();
    }
  });

  test("a floating banner floats over the page and does not push it", () => {
    const frame = showBanner(action("floating"));
    expect(bannerElement()?.dataset.format).toBe("floating");
    expect(bannerElement()?.style.getPropertyValue("position")).toBe("fixed");
    fromBanner(frame, { name: "banner-loaded" });
    expect(postedData(frame).format).toBe("floating");
    fromBanner(frame, { name: "banner-height", data: { height: 60 } });
    fromBanner(frame, { name: "banner-data-set" });
    expect([...document.body.classList]).toEqual(["gleap-b-shown", "gleap-b-f"]);
    expect(html.style.getPropertyValue("padding-top")).toBe("");
    run("closeBanner", []);
    expect(bannerElement()).toBeNull();
    expect(document.body.classList.length).toBe(0);
  });

  test("messages from another origin, another window or of the wrong shape change nothing", () => {
    const frame = showBanner(action());
    fromBanner(frame, { name: "banner-loaded" }, "http://evil.example");
    messageFrom({ postMessage() {} }, frameOrigin, { type: "BANNER", name: "banner-close" });
    fromBanner(frame, { name: "banner-height", data: { height: "99" } });
    messageFrom(frame, frameOrigin, { type: "MODAL", name: "banner-close" });
    messageFrom(frame, frameOrigin, "{not json");
    messageFrom(frame, frameOrigin, { type: "BANNER", name: "__proto__" });
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { type: "BANNER", name: "banner-close" },
        origin: frameOrigin,
        source: frame as unknown as Window,
      }),
    );
    expect(frame.posted).toEqual([]);
    expect(bannerElement()).not.toBeNull();
    expect(html.style.getPropertyValue("--gleap-margin-top")).toBe("");
  });

  test("the buttons' actions reach the host", () => {
    const frame = showBanner(action());
    fromBanner(frame, { name: "start-conversation", data: { botId: "bot-1" } });
    fromBanner(frame, { name: "start-custom-action", data: { action: "upgrade" } });
    fromBanner(frame, { name: "open-url", data: "https://example.com/sale", newTab: true });
    fromBanner(frame, { name: "open-url", data: "javascript:alert(1)" });
    fromBanner(frame, { name: "show-form", data: { formId: "bugreporting" } });
    fromBanner(frame, { name: "show-survey", data: { formId: "nps", surveyFormat: "survey_full" } });
    fromBanner(frame, { name: "show-news-article", data: { articleId: "n1" } });
    fromBanner(frame, { name: "show-help-article", data: { articleId: "h1" } });
    fromBanner(frame, { name: "show-checklist", data: { checklistId: "c1", sharedKey: "team" } });
    expect(mounted.context.host.commands).toEqual([
      { name: "startBot", args: ["bot-1"] },
      { name: "startFeedbackFlow", args: ["bugreporting"] },
      { name: "showSurvey", args: ["nps", "survey_full"] },
      { name: "openNewsArticle", args: ["n1"] },
      { name: "openHelpCenterArticle", args: ["h1"] },
      { name: "startChecklist", args: ["c1", true, "team"] },
    ]);
    expect(mounted.context.host.customActions).toEqual([{ name: "upgrade", extra: undefined }]);
    expect(mounted.context.host.openedUrls).toEqual([{ url: "https://example.com/sale", newTab: true }]);
  });

  test("one banner at a time; only where its page filter matches; the content alone is accepted too", () => {
    window.history.replaceState(null, "", "/pricing");
    run("showBanner", [action(undefined, { pageFilter: "/checkout", pageFilterType: "contains" })]);
    expect(bannerElement()).toBeNull();
    run("showBanner", [{ title: "Plain data", format: "floating" }]);
    expect(bannerElement()?.dataset.format).toBe("floating");
    run("showBanner", [action()]);
    expect(document.querySelectorAll("#gleap-banner")).toHaveLength(1);
  });

  test("unmount removes the banner and stops listening", () => {
    const frame = showBanner(action());
    mounted.unmount();
    expect(bannerElement()).toBeNull();
    fromBanner(frame, { name: "banner-loaded" });
    expect(frame.posted).toEqual([]);
    mounted.unmount = mount(mounted.context);
  });
});
