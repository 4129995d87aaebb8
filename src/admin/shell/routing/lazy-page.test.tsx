import { afterEach, describe, expect, test } from "bun:test";
import { act, Suspense, useEffect, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { chunkReloadGuardMs, claimChunkReload, lazyPage } from "./lazy-page.ts";

// React warns about updates outside `act` unless it knows it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("chunk-reload guard", () => {
  test("the first failure on a path reloads; a second within 10 s does not", () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, "/dashboard/users", 1_000_000)).toBe(true);
    expect(claimChunkReload(storage, "/dashboard/users", 1_000_000 + chunkReloadGuardMs - 1)).toBe(false);
  });

  test("after 10 s the path may reload again", () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, "/dashboard/jobs", 5_000_000)).toBe(true);
    expect(claimChunkReload(storage, "/dashboard/jobs", 5_000_000 + chunkReloadGuardMs)).toBe(true);
  });

  test("each path has its own guard", () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, "/dashboard/users", 7_000_000)).toBe(true);
    expect(claimChunkReload(storage, "/dashboard/jobs", 7_000_001)).toBe(true);
    expect(claimChunkReload(storage, "/dashboard/users", 7_000_002)).toBe(false);
  });

  test("a storage that throws never allows a reload (no reload loop)", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {},
    };
    expect(claimChunkReload(broken, "/dashboard", 1)).toBe(false);
  });

  test("the guard is spec §9's 10 seconds", () => {
    expect(chunkReloadGuardMs).toBe(10_000);
  });
});

describe("a lazy page", () => {
  let root: Root | null = null;
  const container = document.createElement("div");
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
  });

  /** What the page's Suspense boundary showed, commit by commit. */
  function mount(node: React.ReactNode): string[] {
    const shown: string[] = [];
    root = createRoot(container);
    const observer = new MutationObserver(() => shown.push(container.textContent ?? ""));
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    act(() => root?.render(node));
    return shown;
  }

  test("whose code came before it mounts draws at once, never its loading state", async () => {
    const Page = lazyPage(async () => ({ default: () => <p>the inbox</p> }));
    await Page.load();
    const shown = mount(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(container.textContent).toBe("the inbox");
    await Promise.resolve();
    expect(shown).not.toContain("loading");
  });

  test("whose code comes later shows the loading state first, then the page", async () => {
    let arrive: (module: { default: () => React.ReactNode }) => void = () => {};
    const Page = lazyPage(() => new Promise((resolve) => (arrive = resolve)));
    mount(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(container.textContent).toBe("loading");
    await act(async () => arrive({ default: () => <p>the report</p> }));
    expect(container.textContent).toBe("the report");
  });

  test("mounted while loading stays the same screen once its code is there (its state kept)", async () => {
    let mounts = 0;
    function Screen() {
      const [typed, setTyped] = useState("");
      useEffect(() => {
        mounts++;
        setTyped("kept");
      }, []);
      return <p>{typed}</p>;
    }
    let arrive: (module: { default: () => React.ReactNode }) => void = () => {};
    const Page = lazyPage(() => new Promise((resolve) => (arrive = resolve)));
    let rerender: () => void = () => {};
    function Parent() {
      const [, setCount] = useState(0);
      rerender = () => setCount((count) => count + 1);
      return (
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      );
    }
    mount(<Parent />);
    await act(async () => arrive({ default: Screen }));
    expect(container.textContent).toBe("kept");
    act(() => rerender());
    expect(container.textContent).toBe("kept");
    expect(mounts).toBe(1);
  });
});
