import { chromiumArgs, fullChromium } from "./browsers.ts";

/**
 * Chromium with fake media, for the specs that record the screen: screen sharing and the microphone
 * are granted without a prompt and produce test patterns, so a recording runs headless. The rest of
 * the suite keeps the configuration's launch options (they do not ask for media).
 */
export const fakeMediaLaunchOptions = {
  executablePath: fullChromium,
  args: [
    ...chromiumArgs,
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    "--auto-select-desktop-capture-source=Entire screen",
  ],
};
