import { afterEach, expect, test } from "bun:test";
import { createPreconnector } from "./preconnect.ts";

const links = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=preconnect]")].map((link) => link.href);

afterEach(() => {
  for (const link of document.head.querySelectorAll("link[rel=preconnect]")) link.remove();
});

test("one link per other origin, for the origin alone, taken out of the head after a while", () => {
  const timers: Array<() => void> = [];
  const preconnect = createPreconnector(document, (run) => timers.push(run));
  preconnect("https://messenger.example.com/some/path?sdkKey=demo");
  preconnect("https://messenger.example.com/banner");
  expect(links()).toEqual(["https://messenger.example.com/"]);
  preconnect("https://other.example.net");
  expect(links()).toEqual(["https://messenger.example.com/", "https://other.example.net/"]);
  for (const run of timers) run();
  expect(links()).toEqual([]);
  // Opened once per page: the connection outlives its link.
  preconnect("https://messenger.example.com/");
  expect(links()).toEqual([]);
});

test("nothing for the page's own origin or a URL that does not parse", () => {
  const preconnect = createPreconnector(document, () => {});
  preconnect(document.location.href);
  preconnect("/relative/to/the/page");
  preconnect("http://[not a host");
  expect(links()).toEqual([]);
});
