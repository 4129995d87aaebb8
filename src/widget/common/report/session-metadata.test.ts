import { describe, expect, test } from "bun:test";
import { collectMetadata, isMobile, type MetadataWindow, parseUserAgent } from "./session-metadata.ts";

const agents: [string, string, string][] = [
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    "Chrome 124",
    "Windows",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51",
    "Edge 124",
    "Windows",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/64.0.3282.140 Safari/537.36 Edge/18.17763",
    "Edge 18",
    "Windows",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36 OPR/95.0.0.0",
    "Opera 95",
    "Windows",
  ],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) Gecko/20100101 Firefox/125.0",
    "Firefox 125",
    "MacOS",
  ],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15",
    "Safari 17",
    "MacOS",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "Safari 17",
    "iPhone",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15",
    "Firefox 125",
    "iPhone",
  ],
  [
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
    "Chrome 124",
    "iPad",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
    "Unknown",
    "iPhone",
  ],
  [
    "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
    "Samsung Internet 24",
    "Android",
  ],
  [
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
    "Chrome 124",
    "Android",
  ],
  [
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64",
    "Edge 124",
    "Android",
  ],
  ["Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0", "Firefox 125", "Android"],
  ["Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0", "Firefox 125", "Linux"],
  [
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    "Chrome 124",
    "UNIX",
  ],
  ["Mozilla/5.0 (X11; FreeBSD amd64; rv:109.0) Gecko/20100101 Firefox/115.0", "Firefox 115", "UNIX"],
  [
    "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko",
    "Internet Explorer 11",
    "Windows",
  ],
  ["Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)", "Internet Explorer 10", "Windows"],
  ["curl/8.5.0", "Unknown", "Unknown OS"],
  ["", "Unknown", "Unknown OS"],
];

describe("parseUserAgent", () => {
  for (const [ua, browserName, systemName] of agents) {
    test(`${browserName} on ${systemName}: ${ua.slice(0, 60) || "(empty)"}`, () => {
      expect(parseUserAgent(ua)).toEqual({ browserName, browser: ua, systemName });
    });
  }

  test("a non-string user agent is treated as empty instead of throwing", () => {
    expect(parseUserAgent(undefined as unknown as string)).toEqual({
      browserName: "Unknown",
      browser: "",
      systemName: "Unknown OS",
    });
  });
});

describe("isMobile", () => {
  test("phone and tablet user agents are mobile at any width", () => {
    expect(isMobile(agents[6]?.[0] ?? "", 1024)).toBe(true);
    expect(isMobile(agents[8]?.[0] ?? "", 1024)).toBe(true);
    expect(isMobile(agents[11]?.[0] ?? "", 1024)).toBe(true);
  });

  test("a desktop user agent is mobile only below 600 px", () => {
    const desktop = agents[0]?.[0] ?? "";
    expect(isMobile(desktop, 1280)).toBe(false);
    expect(isMobile(desktop, 600)).toBe(false);
    expect(isMobile(desktop, 599)).toBe(true);
    // A zero width (hidden frame) says nothing about the device.
    expect(isMobile(desktop, 0)).toBe(false);
  });
});

function fakeWindow(ua: string, innerWidth: number): MetadataWindow {
  return {
    navigator: { userAgent: ua, language: "de-DE" },
    screen: { width: 2560, height: 1440 },
    location: { href: "https://app.example.com/jobs?id=7" },
    innerWidth,
    innerHeight: 900,
    devicePixelRatio: 2,
  } as unknown as MetadataWindow;
}

describe("collectMetadata", () => {
  const ua = agents[4]?.[0] ?? "";

  test("returns every spec §3 field with exact values", () => {
    const metadata = collectMetadata(fakeWindow(ua, 1280), {
      startedAt: 1_000_000,
      now: 1_000_000 + 61_999,
      sdkVersion: "14.6.7",
      environment: "staging",
      buildVersionNumber: "512",
      releaseVersionNumber: "2.3.0",
    });

    expect(metadata).toStrictEqual({
      browserName: "Firefox 125",
      userAgent: ua,
      browser: ua,
      systemName: "MacOS",
      buildVersionNumber: "512",
      releaseVersionNumber: "2.3.0",
      sessionDuration: 61,
      devicePixelRatio: 2,
      screenWidth: 2560,
      screenHeight: 1440,
      innerWidth: 1280,
      innerHeight: 900,
      currentUrl: "https://app.example.com/jobs?id=7",
      language: "de-DE",
      mobile: false,
      sdkVersion: "14.6.7",
      sdkType: "javascript",
      environment: "staging",
    });
  });

  test("defaults: empty version numbers, environment prod, duration from the current time", () => {
    const metadata = collectMetadata(fakeWindow(ua, 500), {
      startedAt: Date.now() - 3_500,
      sdkVersion: "1.0.0",
      environment: "",
    });

    expect(metadata.buildVersionNumber).toBe("");
    expect(metadata.releaseVersionNumber).toBe("");
    expect(metadata.environment).toBe("prod");
    expect(metadata.sessionDuration).toBe(3);
    expect(metadata.mobile).toBe(true);
  });

  test("a start time in the future gives 0 seconds, not a negative duration", () => {
    const metadata = collectMetadata(fakeWindow(ua, 1280), {
      startedAt: 10_000,
      now: 5_000,
      sdkVersion: "1.0.0",
      environment: "prod",
    });

    expect(metadata.sessionDuration).toBe(0);
  });

  test("reads the happy-dom window without throwing", () => {
    const metadata = collectMetadata(window, {
      startedAt: Date.now(),
      sdkVersion: "1.0.0",
      environment: "prod",
    });

    expect(metadata.currentUrl).toBe(window.location.href);
    expect(metadata.userAgent).toBe(window.navigator.userAgent);
    expect(metadata.innerWidth).toBe(window.innerWidth);
    expect(metadata.sdkType).toBe("javascript");
  });
});
