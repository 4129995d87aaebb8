import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Every Playwright worker has servers of its own (a slot): the main server on the full demo data, a
 * second one with ALTCHA on for the sign-in that solves it, and the database helper that answers the
 * specs' SQL on the main server's database. Each slot has its own ports and data folders, copied from
 * seeded templates by the global setup, so a spec that changes demo rows changes only its worker's
 * copy.
 *
 * The runner chooses the slots once (when it first reads playwright.config.ts) and hands them to its
 * workers through the environment they inherit; a worker serves from the slot of its parallel index
 * (TEST_PARALLEL_INDEX: 0 … workers-1, kept when a worker is replaced after a failure).
 */
export interface E2eSlot {
  index: number;
  port: number;
  messengerPort: number;
  altchaPort: number;
  altchaMessengerPort: number;
  databasePort: number;
  dataDir: string;
  altchaDataDir: string;
}

/** Where the slots are, and the templates they are copied from. */
export interface E2eLayout {
  root: string;
  slots: E2eSlot[];
}

const layoutVariable = "E2E_LAYOUT";

/** `count` free loopback ports at once (all held open together, so no two are the same). */
function freePorts(count: number): number[] {
  const script = `const net = require("node:net");
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    let ready = 0;
    for (const s of servers) s.listen(0, "127.0.0.1", () => {
      if (++ready === servers.length) {
        console.log(servers.map((x) => x.address().port).join(" "));
        for (const x of servers) x.close();
      }
    });`;
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim().split(" ").map(Number);
}

/** The runner's layout, chosen on the first call and kept in the environment for the workers. */
export function e2eLayout(workers: number): E2eLayout {
  const known = process.env[layoutVariable];
  if (known) return JSON.parse(known) as E2eLayout;
  const root = mkdtempSync(join(tmpdir(), "e2e-"));
  const ports = freePorts(workers * 5);
  const slots = Array.from({ length: workers }, (_, index): E2eSlot => {
    const [port, messengerPort, altchaPort, altchaMessengerPort, databasePort] = ports.slice(index * 5);
    return {
      index,
      port: port as number,
      messengerPort: messengerPort as number,
      altchaPort: altchaPort as number,
      altchaMessengerPort: altchaMessengerPort as number,
      databasePort: databasePort as number,
      dataDir: join(root, `slot-${index}`, "main"),
      altchaDataDir: join(root, `slot-${index}`, "altcha"),
    };
  });
  const layout = { root, slots };
  process.env[layoutVariable] = JSON.stringify(layout);
  return layout;
}

/** The slot of this worker (slot 0 in the runner itself). */
export function currentSlot(): E2eSlot {
  const known = process.env[layoutVariable];
  if (!known) throw new Error(`${layoutVariable} is not set: run the browser tests through playwright test`);
  const { slots } = JSON.parse(known) as E2eLayout;
  const slot = slots[Number(process.env.TEST_PARALLEL_INDEX ?? 0)];
  if (!slot) throw new Error(`no e2e slot for parallel index ${process.env.TEST_PARALLEL_INDEX}`);
  return slot;
}

/** What every e2e server shares: loopback, warnings only, cheap password hashes. */
const common = {
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  // Accounts and sign-ins in microseconds; the production parameters have their own unit test.
  PASSWORD_HASH_COST: "test",
};

/** The main server of a slot: the full demo data, no captcha, no rate limits (specs sign in often). */
export function mainServerEnv(slot: E2eSlot) {
  return {
    ...common,
    PORT: String(slot.port),
    MESSENGER_PORT: String(slot.messengerPort),
    DATA_DIR: slot.dataDir,
    CAPTCHA_PROVIDER: "off",
    RATE_LIMITS: "0",
    // The webhook specs' receivers listen on loopback, which webhooks reach only where allowed.
    WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
  };
}

/** The second server of a slot: human verification (ALTCHA) and rate limits as shipped. */
export function altchaServerEnv(slot: E2eSlot) {
  return {
    ...common,
    PORT: String(slot.altchaPort),
    MESSENGER_PORT: String(slot.altchaMessengerPort),
    DATA_DIR: slot.altchaDataDir,
    CAPTCHA_PROVIDER: "altcha",
    DEMO_DATA: "minimal",
  };
}
