import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { focusIfArrived, handOver } from "./route-focus.ts";

// wouter's patched history fires these events after each change; the tests change the address and fire
// them the same way, so no router is needed.
function go(to: string, kind: "pushState" | "replaceState" | "popstate" = "pushState") {
  if (kind === "popstate") history.pushState(null, "", to);
  else history[kind](null, "", to);
  window.dispatchEvent(new Event(kind));
}

function heading(): HTMLHeadingElement {
  const element = document.createElement("h1");
  element.tabIndex = -1;
  document.body.append(element);
  return element;
}

function button(): HTMLButtonElement {
  const element = document.createElement("button");
  document.body.append(element);
  return element;
}

describe("focus after a navigation", () => {
  beforeAll(() => {
    // Whatever earlier tests left: a navigation here settles any open request first.
    go("/start");
    focusIfArrived(heading());
  });

  afterEach(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    document.body.replaceChildren();
  });

  test("a heading that was on screen before any navigation takes nothing", () => {
    go("/first", "replaceState");
    const title = heading();
    focusIfArrived(title);
    expect(document.activeElement).not.toBe(title);
  });

  test("after a push to another path, the new screen's heading takes the focus", () => {
    go("/dashboard/jobs");
    const title = heading();
    focusIfArrived(title);
    expect(document.activeElement).toBe(title);
  });

  test("a change of the query string alone moves nothing", () => {
    go("/dashboard/users");
    focusIfArrived(heading());
    const search = document.createElement("input");
    document.body.append(search);
    search.focus();
    go("/dashboard/users?q=ada", "replaceState");
    go("/dashboard/users?q=ada&page=2");
    focusIfArrived(heading());
    expect(document.activeElement).toBe(search);
  });

  test("the heading of a record arrives later and takes the focus then, once", () => {
    go("/dashboard/jobs/1");
    // The record is still loading: no heading yet.
    const late = heading();
    focusIfArrived(late);
    expect(document.activeElement).toBe(late);
    late.blur();
    focusIfArrived(heading());
    expect(document.activeElement).toBe(document.body);
  });

  test("what had the focus at the click may lose it; anything the admin focused since keeps it", () => {
    const link = button();
    link.focus();
    go("/dashboard/companies");
    const title = heading();
    focusIfArrived(title);
    expect(document.activeElement).toBe(title);

    go("/dashboard/skill-tree");
    const elsewhere = button();
    elsewhere.focus();
    focusIfArrived(heading());
    expect(document.activeElement).toBe(elsewhere);
  });

  test("Back and Forward count as navigations", () => {
    go("/dashboard/reported-tasks", "popstate");
    const title = heading();
    focusIfArrived(title);
    expect(document.activeElement).toBe(title);
  });

  test("a redirect carries the request on to its target", () => {
    go("/login");
    go("/dashboard", "replaceState");
    const title = heading();
    focusIfArrived(title);
    expect(document.activeElement).toBe(title);
  });

  test("a modal closed by the navigation hands the focus on to the heading", () => {
    const menu = button();
    go("/dashboard/challenges");
    // The drawer had made the page inert: the heading could not take the focus when it came.
    const title = heading();
    const focus = title.focus.bind(title);
    title.focus = () => {};
    focusIfArrived(title);
    expect(document.activeElement).not.toBe(title);
    title.focus = focus;
    menu.focus();
    handOver(menu);
    expect(document.activeElement).toBe(title);
  });
});
