import { afterEach, describe, expect, test } from "bun:test";
import { defaultFlowConfig, type FlowConfig } from "../../shared/widget-config-api.ts";
import {
  createChunkContext,
  createRecordingHost,
  type RecordingHost,
} from "../common/chunk-context-test-support.ts";
import { mount, run } from "./launcher-chunk.ts";
import { launcherStyles } from "./launcher-styles.ts";

const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.innerHTML = "";
});

/** Mounts the real chunk into a real shadow root, with the recording facade of the loader. */
function mountLauncher(options: { config?: Partial<FlowConfig>; host?: RecordingHost; nonce?: string } = {}) {
  const host = options.host ?? createRecordingHost();
  host.state.flowConfig = { ...defaultFlowConfig, ...options.config };
  const context = createChunkContext({ host, nonce: options.nonce });
  let unmounted = false;
  const unmount = mount(context);
  const safeUnmount = () => {
    if (unmounted) return;
    unmounted = true;
    unmount();
  };
  cleanups.push(safeUnmount);
  const button = () => context.root.querySelector<HTMLButtonElement>("[data-testid=gleap-launcher]");
  /** Changes the loader's config and says so, as `setStyles` or a fresh server config does. */
  const restyle = (config: Partial<FlowConfig>) => {
    host.state.flowConfig = { ...host.state.flowConfig, ...config };
    context.events.emit("config-changed", host.state.flowConfig);
  };
  return { ...context, host, button, restyle, unmount: safeUnmount };
}

const prop = (button: HTMLElement | null, name: string) => button?.style.getPropertyValue(name);
const classes = (button: HTMLElement | null) => [...(button?.classList ?? [])].sort().join(" ");
const iconOf = (button: HTMLElement | null) => button?.querySelector("svg")?.dataset.icon;
const badgeOf = (button: HTMLElement | null) => button?.querySelector(".badge");

describe("launcher: the button", () => {
  test("a real <button> inside the shadow root, labelled, collapsed, with the chat icon", () => {
    const { root, button } = mountLauncher();
    const element = button();

    expect(element?.tagName).toBe("BUTTON");
    expect(element?.type).toBe("button");
    expect(element?.getRootNode()).toBe(root);
    expect(element?.getAttribute("aria-expanded")).toBe("false");
    expect(element?.getAttribute("aria-label")).toBe("Open feedback");
    expect(iconOf(element)).toBe("chat");
    expect(element?.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
    expect(document.querySelector("[data-testid=gleap-launcher]")).toBeNull();
  });

  test("its styles are one <style> in the shadow root carrying the host's CSP nonce", () => {
    const { root } = mountLauncher({ nonce: "n0nce" });
    const styles = root.querySelectorAll("style");

    expect(styles).toHaveLength(1);
    expect(styles[0]?.nonce).toBe("n0nce");
    expect(styles[0]?.textContent).toBe(launcherStyles);
    expect(document.querySelectorAll("style")).toHaveLength(0);
  });

  test("without a nonce the <style> has none", () => {
    const { root } = mountLauncher();
    const style = root.querySelector("style");
    expect(style?.nonce || "").toBe("");
    expect(style?.hasAttribute("nonce")).toBe(false);
  });

  test("the styles keep the 44 px target, a focus ring and reduced motion", () => {
    expect(launcherStyles).toMatch(/\.modern \{[^}]*width: 48px;[^}]*height: 48px;/);
    expect(launcherStyles).toMatch(/\.tab \{[^}]*width: 44px;/);
    expect(launcherStyles).toMatch(/\.bottom-tab \{[^}]*height: 44px;/);
    expect(launcherStyles).toMatch(/\.launcher:focus-visible \{[^}]*outline: 3px solid/);
    expect(launcherStyles).toContain("@media (prefers-reduced-motion: reduce)");
  });
});

/** Each position's classes, left to right and mirrored for a right-to-left widget. */
const positionClasses: Array<[FlowConfig["feedbackButtonPosition"], string, string]> = [
  ["BOTTOM_RIGHT", "launcher modern right", "launcher left modern"],
  ["BOTTOM_LEFT", "launcher left modern", "launcher modern right"],
  ["BUTTON_CLASSIC", "launcher right tab", "launcher left tab"],
  ["BUTTON_CLASSIC_LEFT", "launcher left tab", "launcher right tab"],
  ["BUTTON_CLASSIC_BOTTOM", "bottom-tab launcher right", "bottom-tab launcher left"],
];

describe("launcher: positions and styles", () => {
  for (const [position, expected] of positionClasses) {
    test(`${position} draws ${expected}`, () => {
      const { button } = mountLauncher({ config: { feedbackButtonPosition: position } });
      expect(classes(button())).toBe(expected);
      expect(button()?.dir).toBe("ltr");
    });
  }

  test("the classic styles show a text tab named by its text, without an icon", () => {
    const { button } = mountLauncher({ config: { feedbackButtonPosition: "BUTTON_CLASSIC" } });
    expect(button()?.querySelector(".label")?.textContent).toBe("Feedback");
    expect(button()?.querySelector("svg")).toBeNull();
    expect(button()?.getAttribute("aria-label")).toBe("Feedback");
  });

  test("the tab's text comes from the static translations, or the widget language", () => {
    const host = createRecordingHost();
    host.state.language = "de-de";
    const german = mountLauncher({ host, config: { feedbackButtonPosition: "BUTTON_CLASSIC_BOTTOM" } });
    expect(german.button()?.querySelector(".label")?.textContent).toBe("Feedback");
    german.restyle({ staticTranslations: { Feedback: "Rückmeldung" } });
    expect(german.button()?.querySelector(".label")?.textContent).toBe("Rückmeldung");
    expect(german.button()?.getAttribute("aria-label")).toBe("Rückmeldung");
  });

  test("BUTTON_NONE draws nothing", () => {
    const { root } = mountLauncher({ config: { feedbackButtonPosition: "BUTTON_NONE" } });
    expect(root.querySelectorAll("button")).toHaveLength(0);
    expect(root.querySelectorAll("style")).toHaveLength(1);
  });

  test("the button colour, its text colour and the offsets from the config", () => {
    const { button } = mountLauncher({ config: { buttonColor: "#ff0000", buttonX: 31, buttonY: 17 } });
    expect(prop(button(), "--gl-bg")).toBe("#ff0000");
    expect(prop(button(), "--gl-fg")).toBe("#ffffff");
    expect(prop(button(), "--gl-x")).toBe("31px");
    expect(prop(button(), "--gl-y")).toBe("17px");
  });

  test("a light button colour gets dark text", () => {
    const { button } = mountLauncher({ config: { buttonColor: "#FFE000" } });
    expect(prop(button(), "--gl-fg")).toBe("#161a2e");
  });

  test("the classic tab uses the button colour too", () => {
    const { button } = mountLauncher({
      config: { feedbackButtonPosition: "BUTTON_CLASSIC", buttonColor: "#f5f5f5" },
    });
    expect(prop(button(), "--gl-bg")).toBe("#f5f5f5");
    expect(prop(button(), "--gl-fg")).toBe("#161a2e");
  });

  test("borderRadius shapes the modern button (20: a circle) and the classic tab (0.4×)", () => {
    const modern = mountLauncher({ config: { borderRadius: 20 } });
    expect(prop(modern.button(), "--gl-r")).toBe("24px");
    modern.restyle({ borderRadius: 5 });
    expect(prop(modern.button(), "--gl-r")).toBe("6px");
    modern.restyle({ feedbackButtonPosition: "BUTTON_CLASSIC", borderRadius: 20 });
    expect(prop(modern.button(), "--gl-r")).toBe("8px");
  });
});

describe("launcher: right to left", () => {
  for (const [position, , expected] of positionClasses) {
    test(`${position} mirrors to ${expected}`, () => {
      const { button } = mountLauncher({
        config: { feedbackButtonPosition: position, localizationOptions: { language: "ar", rtl: true } },
      });
      expect(classes(button())).toBe(expected);
      expect(button()?.dir).toBe("rtl");
    });
  }
});

describe("launcher: the visitor's language", () => {
  test("an Arabic widget mirrors and speaks Arabic without the project's rtl option", () => {
    const host = createRecordingHost();
    host.state.language = "ar";
    const { button } = mountLauncher({ host, config: { feedbackButtonPosition: "BUTTON_CLASSIC" } });
    expect(classes(button())).toBe("launcher left tab");
    expect(button()?.dir).toBe("rtl");
    expect(button()?.textContent).toContain("ملاحظات");
  });
});

describe("launcher: unread badge", () => {
  test("shows the loader's count at mount and follows unread-count-changed", () => {
    const host = createRecordingHost();
    host.state.unread = 3;
    const { button, events } = mountLauncher({ host });

    expect(badgeOf(button())?.textContent).toBe("3");
    expect(badgeOf(button())?.getAttribute("aria-hidden")).toBe("true");
    expect(button()?.getAttribute("aria-label")).toBe("Open feedback, 3 unread messages");

    events.emit("unread-count-changed", 1);
    expect(badgeOf(button())?.textContent).toBe("1");
    expect(button()?.getAttribute("aria-label")).toBe("Open feedback, 1 unread message");

    events.emit("unread-count-changed", 14);
    expect(badgeOf(button())?.textContent).toBe("9+");
    expect(button()?.getAttribute("aria-label")).toBe("Open feedback, 14 unread messages");

    events.emit("unread-count-changed", 0);
    expect(badgeOf(button())?.textContent).toBe("");
    expect(button()?.getAttribute("aria-label")).toBe("Open feedback");
  });

  test("hidden at 0 (an empty badge is display: none in the styles)", () => {
    const { button } = mountLauncher();
    expect(badgeOf(button())?.textContent).toBe("");
    expect(launcherStyles).toContain(".badge:empty { display: none; }");
    // "9+" stays "9+" in a right-to-left button.
    expect(launcherStyles).toMatch(/\.badge \{[^}]*direction: ltr;/);
  });

  test("the classic tab carries the badge too, and the label is in German for a German widget", () => {
    const host = createRecordingHost();
    host.state.language = "de";
    host.state.unread = 2;
    const { button } = mountLauncher({ host, config: { feedbackButtonPosition: "BUTTON_CLASSIC" } });
    expect(badgeOf(button())?.textContent).toBe("2");
    expect(button()?.getAttribute("aria-label")).toBe("Feedback, 2 ungelesene Nachrichten");
  });
});

describe("launcher: behaviour", () => {
  test("a click asks the loader to open, and to hide once it is open", () => {
    const { button, host } = mountLauncher();
    button()?.click();
    expect(host.commands).toEqual([{ name: "open", args: [] }]);

    host.state.opened = true;
    button()?.click();
    expect(host.commands.map((command) => command.name)).toEqual(["open", "hide"]);
  });

  test.each(["pointerenter", "pointerdown", "focus"])(
    "%s on the button readies the messenger once, before any click",
    (intent) => {
      const { button, host } = mountLauncher();
      button()?.dispatchEvent(new Event(intent));
      expect(host.prepared).toBe(1);
      expect(host.commands).toEqual([]);
      for (const again of ["pointerenter", "pointerdown", "focus"]) button()?.dispatchEvent(new Event(again));
      button()?.click();
      expect(host.prepared).toBe(1);
      expect(host.commands).toEqual([{ name: "open", args: [] }]);
    },
  );

  test("nothing is readied while the visitor does not come near the button", () => {
    const { button, host, unmount } = mountLauncher();
    button()?.dispatchEvent(new Event("pointerleave"));
    expect(host.prepared).toBe(0);
    const element = button();
    unmount();
    element?.dispatchEvent(new Event("pointerenter"));
    expect(host.prepared).toBe(0);
  });

  test("the click alone does not change the button: the open and close events do", () => {
    const { button, events } = mountLauncher();
    const element = button();
    element?.click();
    expect(element?.getAttribute("aria-expanded")).toBe("false");

    events.emit("open");
    expect(button()).toBe(element);
    expect(element?.getAttribute("aria-expanded")).toBe("true");
    expect(element?.getAttribute("aria-label")).toBe("Close feedback");
    expect(iconOf(element)).toBe("close");
    expect(element?.classList.contains("open")).toBe(true);

    events.emit("close");
    expect(element?.getAttribute("aria-expanded")).toBe("false");
    expect(element?.getAttribute("aria-label")).toBe("Open feedback");
    expect(iconOf(element)).toBe("chat");
  });

  test("a widget already open at mount shows the close icon", () => {
    const host = createRecordingHost();
    host.state.opened = true;
    const { button } = mountLauncher({ host });
    expect(iconOf(button())).toBe("close");
    expect(button()?.getAttribute("aria-expanded")).toBe("true");
  });

  test("a classic tab is put away while the widget is open", () => {
    const { button, events } = mountLauncher({ config: { feedbackButtonPosition: "BUTTON_CLASSIC" } });
    events.emit("open");
    expect(button()?.classList.contains("open")).toBe(true);
    expect(launcherStyles).toContain(".open.tab, .open.bottom-tab { opacity: 0; visibility: hidden; }");
    events.emit("close");
    expect(button()?.classList.contains("open")).toBe(false);
  });

  test("config-changed restyles the same button: colour, position, style, direction", () => {
    const { button, restyle } = mountLauncher();
    const element = button();

    restyle({ buttonColor: "#FFE000", buttonX: 40, buttonY: 60 });
    expect(button()).toBe(element);
    expect(prop(element, "--gl-bg")).toBe("#FFE000");
    expect(prop(element, "--gl-fg")).toBe("#161a2e");
    expect(prop(element, "--gl-x")).toBe("40px");
    expect(prop(element, "--gl-y")).toBe("60px");

    restyle({ feedbackButtonPosition: "BUTTON_CLASSIC_LEFT" });
    expect(button()).toBe(element);
    expect(classes(element)).toBe("launcher left tab");
    expect(element?.querySelector(".label")?.textContent).toBe("Feedback");

    restyle({ feedbackButtonPosition: "BOTTOM_LEFT", localizationOptions: { language: "he", rtl: true } });
    expect(classes(element)).toBe("launcher modern right");
    expect(element?.dir).toBe("rtl");
    expect(iconOf(element)).toBe("chat");
  });

  test("config-changed to BUTTON_NONE takes the button away, and back brings it", () => {
    const { root, button, restyle } = mountLauncher();
    restyle({ feedbackButtonPosition: "BUTTON_NONE" });
    expect(root.querySelectorAll("button")).toHaveLength(0);
    restyle({ feedbackButtonPosition: "BOTTOM_LEFT" });
    expect(classes(button())).toBe("launcher left modern");
  });

  test("a restyle keeps the icon element (its animation does not replay)", () => {
    const { button, restyle } = mountLauncher();
    const svg = button()?.querySelector("svg");
    restyle({ buttonColor: "#00aa00" });
    expect(button()?.querySelector("svg")).toBe(svg);
  });

  test("language-changed relabels the button", () => {
    const { button, host, events } = mountLauncher();
    host.state.language = "de-de";
    events.emit("language-changed", "de-de");
    expect(button()?.getAttribute("aria-label")).toBe("Feedback öffnen");
  });

  test("run('showFeedbackButton') hides and shows the button", () => {
    const { root, button } = mountLauncher();
    run("showFeedbackButton", [false]);
    expect(root.querySelectorAll("button")).toHaveLength(0);
    run("showFeedbackButton", [true]);
    expect(button()).not.toBeNull();
  });

  test("the host's showFeedbackButton option is read at mount", () => {
    const host = createRecordingHost();
    host.state.options = { ...host.state.options, showFeedbackButton: false };
    const { root, button } = mountLauncher({ host });
    expect(root.querySelectorAll("button")).toHaveLength(0);
    run("showFeedbackButton", [true]);
    expect(button()).not.toBeNull();
  });

  test("BUTTON_NONE stays empty when the button is shown", () => {
    const { root } = mountLauncher({ config: { feedbackButtonPosition: "BUTTON_NONE" } });
    run("showFeedbackButton", [true]);
    expect(root.querySelectorAll("button")).toHaveLength(0);
  });

  test("unmount removes everything and stops listening", () => {
    const { root, button, events, host, unmount } = mountLauncher();
    const element = button();
    expect(root.childNodes.length).toBe(2);

    unmount();
    expect(root.childNodes.length).toBe(0);
    element?.click();
    expect(host.commands).toEqual([]);
    events.emit("open");
    expect(element?.getAttribute("aria-expanded")).toBe("false");
    // run after unmount is a no-op, not an error.
    run("showFeedbackButton", [true]);
    expect(root.childNodes.length).toBe(0);
  });
});
