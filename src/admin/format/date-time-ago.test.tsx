import { afterEach, describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { localeState } from "../i18n/locale-store.ts";
import { DateTimeAgo } from "./date-time-ago.tsx";
import { formatDateTime } from "./format-date.ts";

const before = localeState.locale;
afterEach(() => {
  localeState.locale = before;
});

describe("DateTimeAgo", () => {
  const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000 - 60_000).toISOString();

  test("the full date and time, with how long ago as its title", () => {
    localeState.locale = "en-US";
    expect(renderToStaticMarkup(<DateTimeAgo value={threeHoursAgo} />)).toBe(
      `<span title="3 hrs ago">${formatDateTime(threeHoursAgo)}</span>`,
    );
  });

  test("the relative time follows the language; the date keeps English names (spec §9)", () => {
    localeState.locale = "de";
    expect(renderToStaticMarkup(<DateTimeAgo value={threeHoursAgo} />)).toBe(
      `<span title="vor 3 Std.">${formatDateTime(threeHoursAgo)}</span>`,
    );
  });
});
