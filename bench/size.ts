import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildAll, formatSizeTable } from "../build.ts";

/**
 * Size budget of the eager SDK: builds everything into a scratch folder, prints raw, gzip and brotli
 * bytes of the loader and of every chunk, and fails when the loader passes 12 KB brotli.
 */
const loaderBudget = 12 * 1024;

const outDir = await mkdtemp(join(tmpdir(), "bench-size-"));
try {
  const manifest = await buildAll({ outDir });
  const sdk = manifest.files.filter((file) => file.origin === "main" && file.path.startsWith("/sdk/"));
  const apps = manifest.files.filter((file) => file.path.startsWith("/assets/"));
  console.log("Widget SDK (/sdk)\n");
  console.log(formatSizeTable(sdk));
  console.log("\nApps\n");
  console.log(formatSizeTable(apps));

  const loader = sdk.find((file) => file.path === "/sdk/loader.js");
  if (!loader) throw new Error("the build wrote no /sdk/loader.js");
  const verdict = loader.brotli <= loaderBudget ? "within" : "OVER";
  console.log(
    `\nloader.js: ${loader.brotli} B brotli, ${verdict} the ${loaderBudget} B budget ` +
      `(${((loader.brotli / loaderBudget) * 100).toFixed(0)} %)`,
  );
  if (loader.brotli > loaderBudget) process.exitCode = 1;
} finally {
  await rm(outDir, { recursive: true, force: true });
}
