import { basename, join, relative, resolve } from "node:path";
import { buildAll } from "../../build.ts";
import { serverWorkerEntries } from "./server-workers.ts";

const root = resolve(import.meta.dir, "..", "..");

export interface CompileOptions {
  /** Where the browser assets are built; its name must be `dist` (the name it gets inside the binary). */
  distDir: string;
  outfile: string;
  /** A Bun compile target (`bun-linux-arm64`, …); unset builds for this machine. */
  target?: string;
}

export class CompileError extends Error {
  override name = "CompileError";
}

/**
 * How the binary's code is bundled (everything but the executable itself), shared with the test that
 * holds what a `gleam serve` loads at its start.
 */
export async function binaryBundle() {
  const workers = await serverWorkerEntries();
  return {
    entrypoints: [join(root, "src", "server", "cli", "main.ts"), ...workers],
    target: "bun",
    // Every entry at the top of the binary's folder, beside the main one: inside one bundle
    // `import.meta.url` is the binary's own (/$bunfs/root/gleam), so a worker's
    // `new URL("./x-worker.ts", import.meta.url)` names /$bunfs/root/x-worker.ts, and Bun runs the
    // entry built from it there (the server's folders would put it elsewhere).
    naming: { entry: "[name].[ext]" },
    minify: true,
    // Parsed ahead of time: the binary starts in about half the time (a start on an existing data
    // folder answers /healthz after 80–100 ms instead of 170–190 ms) for 6 MB more; bytecode needs ESM.
    bytecode: true,
    format: "esm",
    // What a module loads on first use stays in a chunk of its own. In one file, every `import` of a
    // module loaded later (the mail library's of node:net, node:tls, node:http, node:zlib, …) is
    // hoisted to the top, and a `gleam serve` loaded them all at its start. Split (and `gleam check`'s
    // checks loaded when it runs): 137–146 ms to /healthz against 175–182 ms, 110–119 against
    // 147–153 ms of the main thread's CPU (bench/startup.ts, interleaved rounds).
    splitting: true,
    sourcemap: "none",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  } satisfies Bun.BuildConfig;
}

/** Builds the assets into `distDir`, then one executable holding the command line, workers and assets. */
export async function compileBinary(options: CompileOptions): Promise<{ outfile: string; bytes: number }> {
  if (basename(options.distDir) !== "dist")
    throw new CompileError(`the asset folder must be named dist (got ${options.distDir})`);
  await buildAll({ outDir: options.distDir });
  const outfile = resolve(options.outfile);
  const result = await Bun.build({
    ...(await binaryBundle()),
    compile: {
      outfile,
      ...(options.target ? { target: options.target as Bun.Build.CompileTarget } : {}),
      // The folder lands in the binary under its own name, `dist/`, beside the entry (import.meta.dir
      // at run time), whatever its path here.
      assets: [resolve(options.distDir)],
      // An operator's folder may hold anything: only the environment configures the binary, as it
      // does `npm start` (whose Bun reads .env, so the binary does too).
      autoloadBunfig: false,
      autoloadTsconfig: false,
      autoloadPackageJson: false,
    },
  }).catch((error: unknown) => {
    // An unknown --target is refused before anything is bundled: its message is the whole story.
    throw new CompileError(`compile failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (!result.success)
    throw new CompileError(`compile failed:\n${result.logs.map((log) => String(log)).join("\n")}`);
  return { outfile, bytes: Bun.file(outfile).size };
}

function parseArguments(argv: string[], env: Record<string, string | undefined>): CompileOptions {
  const options: CompileOptions = {
    distDir: resolve(env.DIST_DIR?.trim() || join(root, "dist")),
    outfile: join(root, "out", "gleam"),
    target: env.COMPILE_TARGET?.trim() || undefined,
  };
  for (const argument of argv) {
    const [name, value] = argument.split(/=(.*)/s) as [string, string | undefined];
    if (!value)
      throw new CompileError(
        `usage: bun scripts/build/compile.ts [--target=bun-linux-arm64] [--outfile=path]`,
      );
    if (name === "--target") options.target = value;
    else if (name === "--outfile") options.outfile = resolve(value);
    else throw new CompileError(`unknown option ${name}`);
  }
  return options;
}

if (import.meta.main) {
  const started = performance.now();
  try {
    const options = parseArguments(process.argv.slice(2), process.env);
    const { outfile, bytes } = await compileBinary(options);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Compiled ${relative(process.cwd(), outfile) || outfile} for ${options.target ?? `bun-${process.platform}-${process.arch}`}: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds} s`,
    );
    // The last line is the file's path alone, for scripts that take it from the output.
    console.log(outfile);
  } catch (error) {
    console.error(error instanceof CompileError ? error.message : error);
    process.exit(1);
  }
}
