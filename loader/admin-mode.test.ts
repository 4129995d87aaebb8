import { afterEach, describe, expect, test } from "bun:test";
import { builderWindowPrefix } from "../src/shared/builder-window.ts";
import { surfaceCommands } from "../src/shared/widget-chunk-contract.ts";
import { isBuilderWindow, listenForAdmin, visitorContent } from "./admin-mode.ts";
import { surfaceOf } from "./command-routes.ts";

/** A stand-in opener window recording what the page tells it. */
function fakeOpener() {
  const posted: Array<{ message: string; origin: string }> = [];
  return { posted, postMessage: (message: string, origin: string) => posted.push({ message, origin }) };
}

let stop = () => {};
afterEach(() => {
  stop();
  Object.defineProperty(window, "opener", { value: null, configurable: true, writable: true });
  delete (window as { gleapAdminDisabled?: boolean }).gleapAdminDisabled;
  window.name = "";
});

function withOpener() {
  const opener = fakeOpener();
  Object.defineProperty(window, "opener", { value: opener, configurable: true, writable: true });
  const loads: Array<[string, string]> = [];
  stop = listenForAdmin({
    window,
    apiUrl: () => "http://admin.test:3000/api/widget",
    onLoad: (message, origin) => loads.push([message, origin]),
  });
  return { opener, loads };
}

const send = (source: unknown, origin: string, data: unknown) =>
  window.dispatchEvent(new MessageEvent("message", { data, origin, source: source as Window }));

describe("listenForAdmin", () => {
  test("tells the opener at the admin's origin that the page is ready", () => {
    const { opener } = withOpener();
    expect(opener.posted).toEqual([
      { message: JSON.stringify({ name: "init", type: "admin" }), origin: "http://admin.test:3000" },
    ]);
  });

  test("hands on the opener's admin message from the admin's origin only", () => {
    const { opener, loads } = withOpener();
    const load = JSON.stringify({ name: "load", type: "admin", data: {} });
    send(opener, "http://evil.test", load);
    send(window, "http://admin.test:3000", load);
    send(opener, "http://admin.test:3000", { name: "load" });
    expect(loads).toEqual([]);
    send(opener, "http://admin.test:3000", load);
    expect(loads).toEqual([[load, "http://admin.test:3000"]]);
  });

  test("does nothing without an opener, when disabled, or once stopped", () => {
    const loads: string[] = [];
    stop = listenForAdmin({ window, apiUrl: () => "http://admin.test", onLoad: (m) => loads.push(m) });
    const { opener, loads: afterStop } = withOpener();
    stop();
    send(opener, "http://admin.test:3000", JSON.stringify({ name: "load", type: "admin" }));
    expect([...loads, ...afterStop]).toEqual([]);

    (window as { gleapAdminDisabled?: boolean }).gleapAdminDisabled = true;
    const disabled = withOpener();
    expect(disabled.opener.posted).toEqual([]);
  });
});

describe("what a builder window hides", () => {
  test("the commands that show visitor content, and nothing else of the contract", () => {
    const hidden = Object.keys(surfaceOf).filter((command) => visitorContent.test(command));
    expect(hidden.sort()).toEqual([
      "openChecklist",
      "resumeProductTour",
      "showBanner",
      "showModal",
      "showNotification",
      "showSurvey",
      "startChecklist",
      "startCopilotTour",
      "startProductTour",
    ]);
    // Every banner, modal, notification and tour command that shows something is among them.
    for (const surface of ["banner", "modal", "notifications"] as const)
      for (const command of surfaceCommands[surface].split(" "))
        if (command.startsWith("show")) expect(hidden).toContain(command.replace(/\W/g, ""));
    // Closing, the tours' switch, the messenger and the builder itself are never hidden.
    for (const command of [
      "closeBanner",
      "closeModal",
      "disableProductTours",
      "open",
      "openChecklists",
      "startBuilder",
    ])
      expect(visitorContent.test(command)).toBe(false);
  });

  test("a window is the builder's when it has an opener and the builder's name, and admin mode is on", () => {
    expect(isBuilderWindow(window)).toBe(false);
    window.name = `${builderWindowPrefix}-k3j2`;
    expect(isBuilderWindow(window)).toBe(false);
    Object.defineProperty(window, "opener", { value: fakeOpener(), configurable: true, writable: true });
    expect(isBuilderWindow(window)).toBe(true);
    window.name = "checkout";
    expect(isBuilderWindow(window)).toBe(false);
    window.name = `${builderWindowPrefix}-k3j2`;
    (window as { gleapAdminDisabled?: boolean }).gleapAdminDisabled = true;
    expect(isBuilderWindow(window)).toBe(false);
  });
});
