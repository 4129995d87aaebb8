import { expect, test } from "bun:test";
import { browserLabel } from "./browser-label.ts";

test("names the common browsers and systems, each before the ones whose tokens it repeats", () => {
  const cases: Array<[string, string]> = [
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome 131 on Linux",
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36",
      "Chrome 131 on Linux",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91",
      "Edge 120 on Windows",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.2; rv:121.0) Gecko/20100101 Firefox/121.0",
      "Firefox 121 on macOS",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1",
      "Safari 17 on iOS",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
      "Safari 17 on macOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
      "Samsung Internet 23 on Android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0",
      "Opera 105 on Windows",
    ],
  ];
  for (const [userAgent, label] of cases) expect(browserLabel(userAgent)).toBe(label);
});

test("an unknown client is named as such, never echoed; no header is no label", () => {
  expect(browserLabel("curl/8.5.0")).toBe("Unknown browser");
  expect(browserLabel("Bun/1.2.0")).toBe("Unknown browser");
  expect(browserLabel("")).toBeNull();
  expect(browserLabel(null)).toBeNull();
});
