/** Spec §3 "Session metadata", as sent in a report's `metaData`. */
export interface SessionMetadata {
  browserName: string;
  userAgent: string;
  browser: string;
  systemName: string;
  buildVersionNumber: string;
  releaseVersionNumber: string;
  /** Whole seconds since the SDK started. */
  sessionDuration: number;
  devicePixelRatio: number;
  screenWidth: number;
  screenHeight: number;
  innerWidth: number;
  innerHeight: number;
  currentUrl: string;
  language: string;
  mobile: boolean;
  sdkVersion: string;
  sdkType: "javascript";
  environment: string;
}

export interface MetadataOptions {
  /** Epoch milliseconds when the SDK started. */
  startedAt: number;
  sdkVersion: string;
  environment: string;
  buildVersionNumber?: string;
  releaseVersionNumber?: string;
  /** Epoch milliseconds; defaults to the current time. */
  now?: number;
}

/** The parts of a window the metadata is read from, so tests can pass a plain object. */
export type MetadataWindow = Pick<
  Window,
  "navigator" | "screen" | "location" | "innerWidth" | "innerHeight" | "devicePixelRatio"
>;

// Order matters: Chromium-based browsers also carry "Chrome/", and every WebKit browser "Safari/".
const browsers: [string, RegExp][] = [
  ["Edge", /Edg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /(?:OPR|OPT|Opera)\/(\d+)/],
  ["Samsung Internet", /SamsungBrowser\/(\d+)/],
  ["Firefox", /(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /(?:Chrome|CriOS)\/(\d+)/],
  ["Safari", /Version\/(\d+).*Safari\/|Safari\//],
  ["Internet Explorer", /(?:MSIE |Trident\/.*rv:)(\d+)/],
];

// Most specific first: Android UAs say "Linux", iOS UAs say "like Mac OS X", ChromeOS says "X11".
const systems: [string, string][] = [
  ["Android", "Android"],
  ["iPhone", "iPhone"],
  ["iPad", "iPad"],
  ["Linux", "Linux"],
  ["UNIX", "X11"],
  ["MacOS", "Mac"],
  ["Windows", "Win"],
];

export function parseUserAgent(ua: string): { browserName: string; browser: string; systemName: string } {
  const text = typeof ua === "string" ? ua : "";
  let browserName = "Unknown";
  for (const [name, pattern] of browsers) {
    const match = pattern.exec(text);
    if (match) {
      browserName = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  const system = systems.find(([, token]) => text.includes(token));
  return { browserName, browser: text, systemName: system ? system[0] : "Unknown OS" };
}

/** A phone or tablet user agent, or a viewport narrower than 600 px. */
export function isMobile(ua: string, innerWidth: number): boolean {
  return (
    /Mobi|Android|iPhone|iPad|iPod|webOS|BlackBerry|IEMobile|Opera Mini/i.test(ua) ||
    (innerWidth > 0 && innerWidth < 600)
  );
}

export function collectMetadata(win: MetadataWindow, options: MetadataOptions): SessionMetadata {
  const ua = String(win.navigator?.userAgent ?? "");
  const innerWidth = win.innerWidth || 0;
  const { browserName, browser, systemName } = parseUserAgent(ua);
  return {
    browserName,
    userAgent: ua,
    browser,
    systemName,
    buildVersionNumber: options.buildVersionNumber ?? "",
    releaseVersionNumber: options.releaseVersionNumber ?? "",
    sessionDuration: Math.max(0, Math.floor(((options.now ?? Date.now()) - options.startedAt) / 1000)) || 0,
    devicePixelRatio: win.devicePixelRatio || 1,
    screenWidth: win.screen?.width || 0,
    screenHeight: win.screen?.height || 0,
    innerWidth,
    innerHeight: win.innerHeight || 0,
    currentUrl: String(win.location?.href ?? ""),
    language: String(win.navigator?.language ?? ""),
    mobile: isMobile(ua, innerWidth),
    sdkVersion: options.sdkVersion,
    sdkType: "javascript",
    environment: options.environment || "prod",
  };
}
