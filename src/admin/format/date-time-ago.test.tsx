import { afterEach, describe, expect, jest, setSystemTime, test } from "bun:test";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToStaticMarkup } from "react-dom/server";
import { localeState } from "../i18n/locale-store.ts";
import { clockTickMs } from "./clock.ts";
import { DateTimeAgo } from "./date-time-ago.tsx";
import { formatDateTime } from "./format-date.ts";

const before = localeState.locale;
afterEach(() => {
  localeState.locale = before;
  jest.useRealTimers();
  setSystemTime();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000).toISOString();

describe("DateTimeAgo", () => {
  const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString();

  test("the full date and time, with how long ago as people write it as its title", () => {
    localeState.locale = "en-US";
    expect(renderToStaticMarkup(<DateTimeAgo value={threeHoursAgo} />)).toBe(
      `<span title="3 hours ago">${formatDateTime(threeHoursAgo, "en-US")}</span>`,
    );
    expect(renderToStaticMarkup(<DateTimeAgo value={daysAgo(21)} />)).toContain('title="21 days ago"');
    expect(renderToStaticMarkup(<DateTimeAgo value={daysAgo(1)} />)).toContain('title="yesterday"');
  });

  test("the date and the relative time follow the language", () => {
    localeState.locale = "de";
    expect(renderToStaticMarkup(<DateTimeAgo value={threeHoursAgo} />)).toBe(
      `<span title="vor 3 Stunden">${formatDateTime(threeHoursAgo, "de")}</span>`,
    );
    expect(renderToStaticMarkup(<DateTimeAgo value="2026-11-24T12:00:00" />)).toContain(
      ">Dienstag, 24. November 2026, 12:00</span>",
    );
    expect(renderToStaticMarkup(<DateTimeAgo value={daysAgo(21)} />)).toContain('title="vor 21 Tagen"');
  });

  test("the relative time moves on while the page stays open", async () => {
    localeState.locale = "en-US";
    // Fake timers before the first render, so the shared clock's interval is a fake one that the test
    // moves on by one tick instead of waiting 15 real seconds for it.
    jest.useFakeTimers();
    const start = Date.now();
    const value = new Date(start - 50_000).toISOString();
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(<DateTimeAgo value={value} />));
    // The shared clock may be up to one tick old when the screen first shows.
    expect(host.querySelector("span")?.getAttribute("title")).toMatch(/^\d+ seconds ago$/);
    setSystemTime(new Date(start + 20_000));
    await act(async () => jest.advanceTimersByTime(clockTickMs));
    expect(host.querySelector("span")?.getAttribute("title")).toBe("1 minute ago");
    // The shared clock now reads 35 s ahead of the real time; one more tick at the test's start puts it
    // back, so what renders after this test in the same process does not see the future.
    setSystemTime(new Date(start - clockTickMs));
    await act(async () => jest.advanceTimersByTime(clockTickMs));
    await act(async () => root.unmount());
    host.remove();
  });
});
