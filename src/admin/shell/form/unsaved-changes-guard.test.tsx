import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { act, lazy, type ReactNode, Suspense, useState } from "react";
import { createRoot } from "react-dom/client";
import { Link, Route, Router, Switch } from "wouter";
import { clickDialogBackdrop, clickDialogButton, closeDialog, dialogState } from "../overlay/dialog-store.ts";
import { hasUnsavedChanges, leavingLinkTarget, useUnsavedChangesGuard } from "./unsaved-changes-guard.ts";

// React warns about updates outside `act` unless it knows it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const here = new URL("http://localhost:3000/dashboard/jobs/create");

/** A click on an element made from `html`, as `leavingLinkTarget` sees it. */
function clickOn(html: string, init: MouseEventInit = {}) {
  const holder = document.createElement("div");
  holder.innerHTML = html;
  const target = holder.querySelector("[data-target]") ?? holder.firstElementChild;
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  Object.defineProperty(event, "target", { value: target });
  return event;
}

describe("which clicks leave the screen", () => {
  test("a plain click on an in-app link to another screen", () => {
    expect(leavingLinkTarget(clickOn('<a href="/dashboard/users?q=ada">Users</a>'), here)).toBe(
      "/dashboard/users?q=ada",
    );
    // On something inside the link, too.
    expect(leavingLinkTarget(clickOn('<a href="/dashboard"><span data-target>Home</span></a>'), here)).toBe(
      "/dashboard",
    );
    expect(leavingLinkTarget(clickOn('<a href="../jobs">Jobs</a>'), here)).toBe("/dashboard/jobs");
  });

  test("not a new tab or window, another origin, a download, the same screen or no link at all", () => {
    const link = '<a href="/dashboard/users">Users</a>';
    expect(leavingLinkTarget(clickOn(link, { ctrlKey: true }), here)).toBeNull();
    expect(leavingLinkTarget(clickOn(link, { metaKey: true }), here)).toBeNull();
    expect(leavingLinkTarget(clickOn(link, { shiftKey: true }), here)).toBeNull();
    expect(leavingLinkTarget(clickOn(link, { button: 1 }), here)).toBeNull();
    expect(leavingLinkTarget(clickOn('<a href="https://example.com/">Out</a>'), here)).toBeNull();
    expect(
      leavingLinkTarget(clickOn('<a href="/dashboard/users" target="_blank">Users</a>'), here),
    ).toBeNull();
    expect(leavingLinkTarget(clickOn('<a href="/files/x.csv" download>CSV</a>'), here)).toBeNull();
    expect(leavingLinkTarget(clickOn('<a href="/dashboard/jobs/create#salary">Salary</a>'), here)).toBeNull();
    expect(leavingLinkTarget(clickOn("<button>Save</button>"), here)).toBeNull();
    expect(leavingLinkTarget(clickOn("<a>No address</a>"), here)).toBeNull();
  });
});

/** A screen with a form (dirty or not) and a sidebar link, under the browser location as the app uses it. */
function renderApp(start: string) {
  history.replaceState(null, "", start);
  let setDirty: (dirty: boolean) => void = () => {};
  function FormScreen() {
    const [dirty, set] = useState(false);
    setDirty = set;
    useUnsavedChangesGuard(dirty);
    return <p>form</p>;
  }
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <Router>
        <nav>
          <Link href="/dashboard/users">Users</Link>
        </nav>
        <Switch>
          <Route path="/dashboard/jobs/create" component={FormScreen} />
          <Route path="/dashboard/users">
            <p>users</p>
          </Route>
          <Route>
            <p>elsewhere</p>
          </Route>
        </Switch>
      </Router>,
    ),
  );
  return {
    container,
    dirty: (value: boolean) => act(() => setDirty(value)),
    text: () => container.textContent,
    click: (name: string) => {
      const link = [...container.querySelectorAll("a")].find((a) => a.textContent === name);
      act(() => {
        link?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
      });
    },
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

beforeEach(() => closeDialog());
afterEach(() => {
  closeDialog();
  history.replaceState(null, "", "/");
});

describe("useUnsavedChangesGuard", () => {
  test("a clean form lets every link through", () => {
    const app = renderApp("/dashboard/jobs/create");
    expect(hasUnsavedChanges()).toBe(false);
    app.click("Users");
    expect(dialogState.show).toBe(false);
    expect(location.pathname).toBe("/dashboard/users");
    expect(app.text()).toContain("users");
    app.unmount();
  });

  test("with changes a link asks first: keeping them stays, discarding them follows the link", async () => {
    const app = renderApp("/dashboard/jobs/create");
    app.dirty(true);
    expect(hasUnsavedChanges()).toBe(true);

    app.click("Users");
    expect(dialogState.show).toBe(true);
    expect(dialogState.heading).toBe("unsaved.heading");
    expect(dialogState.primaryBtn?.label).toBe("unsaved.discard");
    expect(dialogState.secondaryBtn?.label).toBe("unsaved.keep");
    expect(location.pathname).toBe("/dashboard/jobs/create");
    expect(app.text()).toContain("form");

    await act(() => clickDialogButton("secondary"));
    expect(dialogState.show).toBe(false);
    expect(location.pathname).toBe("/dashboard/jobs/create");
    expect(hasUnsavedChanges()).toBe(true);

    // The backdrop (and Escape) keeps editing too.
    app.click("Users");
    act(() => clickDialogBackdrop());
    expect(location.pathname).toBe("/dashboard/jobs/create");

    app.click("Users");
    await act(() => clickDialogButton("primary"));
    expect(location.pathname).toBe("/dashboard/users");
    expect(app.text()).toContain("users");
    // The form left the screen with its changes.
    expect(hasUnsavedChanges()).toBe(false);
    app.unmount();
  });

  test("Back within the app with changes is cancelled and asked about; discarding takes the same step", async () => {
    // The Navigation API as Chromium has it (happy-dom has none): the `navigate` event of a traversal
    // comes before the address changes and can be cancelled.
    const steps: string[] = [];
    const navigation = Object.assign(new EventTarget(), {
      traverseTo(key: string) {
        steps.push(key);
        return { committed: Promise.resolve(), finished: Promise.reject(new Error("aborted")) };
      },
    });
    Object.defineProperty(window, "navigation", { value: navigation, configurable: true });
    const traverse = (key: string, url: string) => {
      const event = Object.assign(new Event("navigate", { cancelable: true }), {
        navigationType: "traverse",
        destination: { key, url: new URL(url, location.href).href, sameDocument: true },
      });
      navigation.dispatchEvent(event);
      return event.defaultPrevented;
    };
    try {
      const app = renderApp("/dashboard/jobs/create");
      expect(traverse("before", "/dashboard/users")).toBe(false);
      app.dirty(true);
      // Only the fragment: the screen stays, nothing to ask.
      expect(traverse("same", "/dashboard/jobs/create#salary")).toBe(false);
      expect(dialogState.show).toBe(false);

      expect(traverse("before", "/dashboard/users")).toBe(true);
      expect(dialogState.show).toBe(true);
      await act(() => clickDialogButton("secondary"));
      expect(steps).toEqual([]);

      expect(traverse("before", "/dashboard/users")).toBe(true);
      await act(() => clickDialogButton("primary"));
      expect(steps).toEqual(["before"]);
      // The browser's step that follows goes through once.
      expect(traverse("before", "/dashboard/users")).toBe(false);
      expect(traverse("before", "/dashboard/users")).toBe(true);
      app.unmount();
      // Without changes on screen the guard is gone.
      expect(traverse("before", "/dashboard/users")).toBe(false);
    } finally {
      Reflect.deleteProperty(window, "navigation");
    }
  });

  test("a form hidden by Suspense while the next screen loads asks nothing (a save that navigated)", async () => {
    let arrive: (page: { default: () => ReactNode }) => void = () => {};
    const Next = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (arrive = resolve)));
    function Dirty() {
      useUnsavedChangesGuard(true);
      return <p>form</p>;
    }
    function Screen({ next }: { next: boolean }) {
      return <Suspense fallback={<p>loading</p>}>{next ? <Next /> : <Dirty />}</Suspense>;
    }
    const container = document.createElement("div");
    const root = createRoot(container);
    act(() => root.render(<Screen next={false} />));
    expect(hasUnsavedChanges()).toBe(true);
    act(() => root.render(<Screen next={true} />));
    expect(container.textContent).toContain("loading");
    expect(hasUnsavedChanges()).toBe(false);
    await act(async () => arrive({ default: () => <p>next</p> }));
    expect(container.textContent).toBe("next");
    expect(hasUnsavedChanges()).toBe(false);
    act(() => root.unmount());
  });

  test("closing or reloading the tab asks the browser's question only while there are changes", () => {
    const app = renderApp("/dashboard/jobs/create");
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    app.dirty(true);
    expect(unload()).toBe(true);
    app.dirty(false);
    expect(unload()).toBe(false);
    app.dirty(true);
    app.unmount();
    expect(unload()).toBe(false);
    expect(hasUnsavedChanges()).toBe(false);
  });
});
