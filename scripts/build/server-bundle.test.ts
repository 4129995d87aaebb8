import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { rename } from "node:fs/promises";
import { basename, join } from "node:path";
import { fixtureWorkDir, loopbackServerEnv } from "../../src/server/test-support/fixture-work-dir.ts";
import { readStdoutUntil } from "../../src/server/test-support/stdout-until.ts";
import { startedBeforeAll } from "../../src/server/test-support/test-lifecycle.ts";
import { processTestTimeoutMs } from "../../src/server/test-support/test-timeouts.ts";
import { buildServerBundle, serverBundleFolder, serverBundleStaleness } from "./server-bundle.ts";
import { serverWorkerEntries } from "./server-workers.ts";

// Bundles the server and starts it as a process of its own, as `npm start` does.
setDefaultTimeout(processTestTimeoutMs);

const work = startedBeforeAll(async () => {
  const folder = await fixtureWorkDir("server-bundle-");
  // Not ./dist, so that only a DIST_DIR read from .env finds it.
  const dist = join(folder.dir, "site");
  await rename(folder.dist, dist);
  await buildServerBundle(dist);
  return { ...folder, dist };
});

describe("the server's bundle (what npm start runs)", () => {
  test("is current once built, and names every worker beside it as the sources do", async () => {
    expect(await serverBundleStaleness(work.dist)).toEqual([]);
    const folder = join(work.dist, serverBundleFolder);
    const workers = await serverWorkerEntries();
    expect(workers.length).toBeGreaterThanOrEqual(4);
    for (const worker of workers) {
      const shim = join(folder, basename(worker));
      const built = shim.replace(/\.ts$/, ".js");
      expect(await Bun.file(shim).text()).toBe(`import "./${basename(built)}";\n`);
      expect(existsSync(built)).toBe(true);
    }
  });

  test("serves: migrates and seeds, answers the widget API, parses a report on its parser thread, logs through its writer thread, reads through its pool, checkpoints on its thread", async () => {
    // As npm start's second step runs it: DIST_DIR from the working folder's .env, relative to it.
    await Bun.write(join(work.dir, ".env"), `DIST_DIR=${basename(work.dist)}\n`);
    const { DIST_DIR: _fromDotEnv, ...env } = loopbackServerEnv(work);
    const child = Bun.spawn([process.execPath, join(import.meta.dir, "..", "serve-bundle.ts")], {
      cwd: work.dir,
      env: {
        PATH: process.env.PATH ?? "",
        ...env,
        METRICS_PORT: "0",
        LOG_LEVEL: "info",
        PASSWORD_HASH_COST: "test",
        DEMO_DATA: "minimal",
        CAPTCHA_PROVIDER: "off",
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    const printed = { text: "" };
    try {
      await readStdoutUntil(child.stdout, printed, (text) => text.includes("Metrics "));
      expect(printed.text).toContain('"msg":"migrations applied"');
      expect(printed.text).toContain('"msg":"demo data seeded"');
      const main = /Health\s+(\S+)\/healthz/.exec(printed.text)?.[1]?.replace("localhost", "127.0.0.1");
      const metrics = /Metrics\s+(\S+)/.exec(printed.text)?.[1]?.replace("localhost", "127.0.0.1");
      if (!main || !metrics) throw new Error(`no URLs printed:\n${printed.text}`);

      const started = await fetch(`${main}/api/widget/sessions`, {
        method: "POST",
        headers: { "Api-Token": "demo", "Content-Type": "application/json" },
        body: "{}",
      });
      expect(started.status).toBe(200);
      const session = (await started.json()) as { gleapId?: string; gleapHash?: string };
      expect(session.gleapId).toBeString();
      // Every report is parsed on a parser thread: without its worker file the answer is a 500.
      const reported = await fetch(`${main}/api/widget/bugs/v2`, {
        method: "POST",
        headers: {
          "Api-Token": "demo",
          "Gleap-Id": session.gleapId ?? "",
          "Gleap-Hash": session.gleapHash ?? "",
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ formData: { description: "The bundle's parser thread read this" } }),
      });
      expect(reported.status).toBe(201);
      expect(((await reported.json()) as { id?: string }).id).toBeString();
      // The outbox depths are read through the SQLite read pool's worker threads.
      const scrape = await (await fetch(metrics)).text();
      expect(scrape).toMatch(/^gleam_mail_outbox_depth \d+$/m);
      await readStdoutUntil(child.stdout, printed, (text) => text.includes('"path":"/api/widget/sessions"'));
      expect(printed.text).toContain('"path":"/api/widget/sessions","status":200');
    } finally {
      child.kill("SIGTERM");
    }
    expect(await child.exited).toBe(0);
    expect(await new Response(child.stderr).text()).toBe("");
    // The checkpointer's thread started from its file: a failed one is logged as a warning.
    await readStdoutUntil(child.stdout, printed, () => false);
    expect(printed.text).toContain('"msg":"stopped"');
    expect(printed.text).not.toContain("checkpointer's thread failed");
  });
});
