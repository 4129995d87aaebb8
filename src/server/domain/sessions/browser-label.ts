/**
 * A browser and system as staff name them ("Chrome 131 on Linux"), read from a User-Agent. Only the
 * common browsers are told apart; anything else is "Unknown browser", never the raw header, which is
 * long and says little to a person. The order of the checks matters: Edge and Opera also say
 * "Chrome", Chrome also says "Safari", and iPadOS says "Macintosh" unless the page asks otherwise.
 */
const browsers: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\bOPR\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

const systems: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ["Windows", /\bWindows\b/],
  ["iOS", /\b(?:iPhone|iPad|iPod)\b/],
  ["Android", /\bAndroid\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

export function browserLabel(userAgent: string | null): string | null {
  if (!userAgent?.trim()) return null;
  let browser = "Unknown browser";
  for (const [name, pattern] of browsers) {
    const version = pattern.exec(userAgent)?.[1];
    if (version) {
      browser = `${name} ${version}`;
      break;
    }
  }
  const system = systems.find(([, pattern]) => pattern.test(userAgent))?.[0];
  return system ? `${browser} on ${system}` : browser;
}
