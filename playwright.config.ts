import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// Playwright evaluates this file in the runner and again in every worker. Ports and the data folder are
// chosen once, in the runner, and handed to the workers through the environment they inherit.
if (!process.env.E2E_PORT || !process.env.E2E_ALTCHA_PORT || !process.env.E2E_DATA_DIR) {
  // Four ports at once (held open together, so no two are the same): two servers, two origins each.
  const script = `const net = require("node:net");
    const servers = [0, 1, 2, 3].map(() => net.createServer());
    let ready = 0;
    for (const s of servers) s.listen(0, "127.0.0.1", () => {
      if (++ready === servers.length) {
        console.log(servers.map((x) => x.address().port).join(" "));
        for (const x of servers) x.close();
      }
    });`;
  const [main, messenger, altcha, altchaMessenger] = execFileSync(process.execPath, ["-e", script], {
    encoding: "utf8",
  })
    .trim()
    .split(" ");
  process.env.E2E_PORT = main;
  process.env.E2E_MESSENGER_PORT = messenger;
  process.env.E2E_ALTCHA_PORT = altcha;
  process.env.E2E_ALTCHA_MESSENGER_PORT = altchaMessenger;
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), "e2e-data-"));
  process.env.E2E_ALTCHA_DATA_DIR = mkdtempSync(join(tmpdir(), "e2e-altcha-data-"));
}

export const e2eEnv = {
  PORT: process.env.E2E_PORT,
  MESSENGER_PORT: process.env.E2E_MESSENGER_PORT,
  DATA_DIR: process.env.E2E_DATA_DIR,
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  CAPTCHA_PROVIDER: "off",
  // The specs sign the demo admin in far more than 10 times in 15 minutes (the per-account limit).
  RATE_LIMITS: "0",
};

/** A second server with the default human verification (ALTCHA), for the sign-in that solves it. */
export const altchaEnv = {
  PORT: process.env.E2E_ALTCHA_PORT,
  MESSENGER_PORT: process.env.E2E_ALTCHA_MESSENGER_PORT,
  DATA_DIR: process.env.E2E_ALTCHA_DATA_DIR,
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  CAPTCHA_PROVIDER: "altcha",
  DEMO_DATA: "minimal",
};

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.e2e.ts",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${e2eEnv.PORT}`,
    browserName: "chromium",
    headless: true,
    launchOptions: {
      // Debian's Chromium: test tools may not download a browser on these machines.
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        // Host pages that tests fulfil with page.route have no address, so Local Network Access would
        // count them as public and block their websocket to the localhost server.
        "--disable-features=LocalNetworkAccessChecks",
      ],
    },
    trace: "retain-on-failure",
  },
  webServer: [
    {
      // Builds first, so `playwright test` on its own always serves the current code.
      command: "./node_modules/.bin/bun build.ts --quiet && ./node_modules/.bin/bun src/server/main.ts",
      url: `http://127.0.0.1:${e2eEnv.PORT}/healthz`,
      env: e2eEnv as Record<string, string>,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // Serves the same build once the first server has made it and answers.
      command: `./node_modules/.bin/bun e2e/support/wait-for-url.ts http://127.0.0.1:${e2eEnv.PORT}/healthz && ./node_modules/.bin/bun src/server/main.ts`,
      url: `http://127.0.0.1:${altchaEnv.PORT}/healthz`,
      env: altchaEnv as Record<string, string>,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
