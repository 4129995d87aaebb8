import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { e2eEnv } from "../../playwright.config.ts";
import type { OutboundEvent } from "../../src/server/domain/outbounds/outbound-events.ts";

/**
 * Records widget acknowledgements of outbounds on the e2e server's database through the server's own
 * recorder (`recordOutboundEvent`: the delivery row's first time and the per-day row), as the widget's
 * acknowledgement route does. Playwright runs on Node, so a Bun process does it.
 */
export function recordOutboundEvents(events: OutboundEvent[]): void {
  const bun = join(process.cwd(), "node_modules", ".bin", "bun");
  const script = `import { loadConfig } from "./src/server/config.ts";
    import { openDatabase } from "./src/server/database/database.ts";
    import { recordOutboundEvent } from "./src/server/domain/outbounds/outbound-events.ts";
    const db = await openDatabase(loadConfig(process.env).database);
    try {
      for (const event of JSON.parse(process.argv[process.argv.length - 1])) await recordOutboundEvent(db.sql, event);
    } finally {
      await db.close();
    }`;
  execFileSync(bun, ["-e", script, JSON.stringify(events)], {
    encoding: "utf8",
    env: { ...process.env, ...e2eEnv } as Record<string, string>,
  });
}
