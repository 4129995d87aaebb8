import { expect, test } from "bun:test";
import { join } from "node:path";

/**
 * Libraries and modules a start does not need before its first request: each loads when first used
 * (the first mail sent, MFA enrolment, the first token, a database to seed, the admin API once the
 * server listens), since module loading is
 * most of the time a start takes (bench/startup.ts). A static import of one of them brings the cost
 * back to every start unnoticed; this names it.
 */
const loadedWhenUsed = [
  /node_modules\/nodemailer\//,
  /node_modules\/qrcode\//,
  /node_modules\/jose\//,
  /src\/server\/demo-data\/messenger-demo\.ts$/,
  /src\/server\/demo-data\/seed-platform-demo-data\.ts$/,
  // The admin API's route tables: loaded once the server listens (server.ts).
  /src\/server\/platform-api\/admin-widget-routes\.ts$/,
  /src\/server\/platform-api\/platform-routes\.ts$/,
  /src\/server\/platform-api\/messenger\/messenger-admin-routes\.ts$/,
];

test("the server's entry loads none of the modules a start does not need", async () => {
  // A process of its own, so what this test file loaded does not count: `serve.ts` is what `main.ts`
  // imports before it starts the server.
  const script = `await import(${JSON.stringify(join(import.meta.dir, "serve.ts"))}); console.log(JSON.stringify(Object.keys(require.cache)));`;
  const run = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
  const [exitCode, stdout, stderr] = await Promise.all([
    run.exited,
    new Response(run.stdout).text(),
    new Response(run.stderr).text(),
  ]);
  expect(stderr).toBe("");
  expect(exitCode).toBe(0);
  const loaded = JSON.parse(stdout) as string[];
  // Sanity: the server's own modules are there.
  expect(loaded.some((path) => path.endsWith("src/server/server.ts"))).toBe(true);
  expect(loaded.filter((path) => loadedWhenUsed.some((pattern) => pattern.test(path)))).toEqual([]);
});
