import { describe, expect, test } from "bun:test";
import { createNavigator } from "./navigator.ts";

const names = (navigator: ReturnType<typeof createNavigator>) =>
  navigator.get().stack.map((entry) => entry.screen.name);

describe("navigation", () => {
  test("push, back and forward; a push clears what Back left", () => {
    const navigator = createNavigator();
    let changes = 0;
    navigator.subscribe(() => changes++);
    expect(navigator.canGoBack()).toBe(false);
    expect(navigator.back()).toBe(false);
    navigator.push({ name: "news" });
    navigator.push({ name: "news-article", newsId: "n-1" });
    expect(names(navigator)).toEqual(["home", "news", "news-article"]);
    expect(navigator.back()).toBe(true);
    expect(navigator.back()).toBe(true);
    expect(names(navigator)).toEqual(["home"]);
    expect(navigator.forward()).toBe(true);
    expect(names(navigator)).toEqual(["home", "news"]);
    navigator.push({ name: "help" });
    expect(navigator.forward()).toBe(false);
    expect(changes).toBe(6);
  });

  test("a screen opened twice is a new entry; replace keeps the depth", () => {
    const navigator = createNavigator();
    navigator.push({ name: "flow", flowKey: "a" });
    const first = navigator.current().id;
    navigator.replace({ name: "flow", flowKey: "a" });
    expect(navigator.current().id).not.toBe(first);
    expect(names(navigator)).toEqual(["home", "flow"]);
  });

  test("tabs are roots; the current tab again changes nothing", () => {
    const navigator = createNavigator();
    navigator.push({ name: "flow", flowKey: "a" });
    navigator.openTab("news");
    expect(names(navigator)).toEqual(["news"]);
    let changes = 0;
    navigator.subscribe(() => changes++);
    navigator.openTab("news");
    expect(changes).toBe(0);
    navigator.openTab("home");
    expect(names(navigator)).toEqual(["home"]);
  });

  test("host requests open above home, alone with hideBackButton, and tab roots alone", () => {
    const navigator = createNavigator();
    navigator.push({ name: "news" });
    navigator.openFromHost({ name: "flow", flowKey: "bugreporting" }, false);
    expect(names(navigator)).toEqual(["home", "flow"]);
    expect(navigator.canGoBack()).toBe(true);
    navigator.openFromHost({ name: "flow", flowKey: "bugreporting" }, true);
    expect(names(navigator)).toEqual(["flow"]);
    expect(navigator.canGoBack()).toBe(false);
    navigator.openFromHost({ name: "conversations" }, false);
    expect(names(navigator)).toEqual(["conversations"]);
    navigator.push({ name: "conversation", shareToken: "c" });
    navigator.reset();
    expect(names(navigator)).toEqual(["home"]);
  });
});
