import { matchRoute, type useRouter } from "wouter";
import type { DashboardPage } from "./lazy-page.ts";
import { createPrefetchQueue } from "./prefetch-queue.ts";

let pages: readonly DashboardPage[] = [];

/** The router hands over its screens once; this module cannot import them (they import the shell). */
export function registerPrefetchPages(all: readonly DashboardPage[]) {
  pages = all;
}

type Parser = ReturnType<typeof useRouter>["parser"];

let routeParser: Parser | null = null;

const queue = createPrefetchQueue(async (path) => {
  const parser = routeParser;
  if (!parser) return;
  const match = pages.find((entry) => matchRoute(parser, entry.path, path)[0]);
  // load(), not preload(): a failure must reach the queue, which then lets the key be tried again.
  await match?.page.load();
});

/** Fetches the chunk of the screen at `path` ahead of a likely navigation (hover, focus, idle time). */
export function prefetchRoute(parser: Parser, path: string) {
  routeParser = parser;
  queue.add(path);
}
