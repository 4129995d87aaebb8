/**
 * The browsers the specs run in, both Debian's (test tools may not download a browser on these
 * machines):
 *   - `chromium-headless-shell`, Chromium's headless build, as Playwright itself uses for headless runs:
 *     the same Blink, V8 and network stack without the desktop browser's window layer, which costs
 *     about two and a half times the processor time per browser context (0.86 s against 0.35 s here,
 *     with the desktop browser's address-bar popup off as below; the browser tests are bound by it).
 *     Every spec runs in it unless it says otherwise;
 *   - the full `chromium`, for the specs that need what only the desktop browser has: sharing or
 *     recording the screen through its capture picker (fake-media.ts), and desktop notifications,
 *     which the headless build always denies (`fullChromiumLaunch`).
 * `E2E_CHROMIUM=/usr/bin/chromium` runs every spec in the full browser instead.
 */
export const headlessShell = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium-headless-shell";
export const fullChromium = "/usr/bin/chromium";

/** What every launch passes, in either browser. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  // One list: Chromium reads the last `--disable-features` only.
  `--disable-features=${[
    // Host pages that tests fulfil with page.route have no address, so Local Network Access would
    // count them as public and block their websocket to the localhost server.
    "LocalNetworkAccessChecks",
    // The desktop browser loads its address bar's popup, a WebUI page in a renderer of its own, for
    // every new window, so for every browser context: about 0.9 s of processor time each here (20
    // fresh contexts: 36.5 against 17.8 s), beside the page being tested or measured. A visitor's
    // browser has it loaded once, long before our page.
    "WebUIOmniboxPopup",
    "WebUIOmniboxAimPopup",
  ].join(",")}`,
];

/**
 * For a spec that needs the desktop browser (`test.use({ launchOptions: fullChromiumLaunch })`), and for
 * the benches, which measure in the browser a visitor has.
 */
export const fullChromiumLaunch = { executablePath: fullChromium, args: chromiumArgs };
