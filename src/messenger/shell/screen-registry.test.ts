import { describe, expect, test } from "bun:test";
import type { ComponentType } from "react";
import { deferred } from "../test-support/fake-api.ts";
import { createScreenRegistry, type ScreenTable } from "./screen-registry.ts";

/** A table whose `news` screen's code arrives when the test says so; every other screen is eager. */
function tableWithDeferredNews() {
  const Eager = () => null;
  const News = () => null;
  const arrival = deferred<{ default: ComponentType<never> }>();
  let loads = 0;
  const table = new Proxy({} as ScreenTable, {
    get: (_target, name) =>
      name === "news"
        ? {
            title: "title.news",
            load: () => {
              loads++;
              return arrival.promise;
            },
          }
        : { title: "title.home", load: { eager: Eager } },
  });
  return { table, News, arrival, loads: () => loads };
}

const isLazy = (component: unknown) =>
  (component as { $$typeof?: symbol }).$$typeof === Symbol.for("react.lazy");

describe("screen registry", () => {
  test("a screen rendered before its code arrived is a lazy component, and stays the same one", async () => {
    const { table, News, arrival } = tableWithDeferredNews();
    const registry = createScreenRegistry(table);
    const first = registry.component("news");
    expect(isLazy(first)).toBe(true);
    arrival.resolve({ default: News as ComponentType<never> });
    await arrival.promise;
    await Bun.sleep(0);
    // Swapping the type under a mounted screen would remount it and lose what the visitor typed.
    expect(registry.component("news")).toBe(first);
  });

  test("a screen whose preloaded code arrived first is its module's own component: no skeleton", async () => {
    const { table, News, arrival, loads } = tableWithDeferredNews();
    const registry = createScreenRegistry(table);
    registry.preload("news");
    registry.preload("news");
    expect(loads()).toBe(1);
    arrival.resolve({ default: News as ComponentType<never> });
    await arrival.promise;
    await Bun.sleep(0);
    expect(registry.component("news")).toBe(News);
    expect(loads()).toBe(1);
  });

  test("a failed load is forgotten by reset, and its next render loads again", async () => {
    const { table, arrival, loads } = tableWithDeferredNews();
    const registry = createScreenRegistry(table);
    registry.preload("news");
    arrival.reject(new Error("offline"));
    await arrival.promise.catch(() => {});
    await Bun.sleep(0);
    expect(isLazy(registry.component("news"))).toBe(true);
    registry.reset("news");
    registry.preload("news");
    expect(loads()).toBe(2);
  });
});
