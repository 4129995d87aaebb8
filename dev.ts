import { type FSWatcher, watch } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";

/**
 * `npm run dev`: builds, starts the server, and on every change under loader/, src/ or public/ (or to
 * build.ts) rebuilds and restarts it. The server reads the build manifest at start, so a restart is
 * what makes a new build visible.
 */
const root = import.meta.dir;
const watched = ["loader", "src", "public", "build.ts"];
let server: Subprocess | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let running: Promise<void> = Promise.resolve();

async function rebuildAndRestart(reason: string) {
  console.log(`\n[dev] ${reason}: rebuilding`);
  const build = Bun.spawn([process.execPath, join(root, "build.ts"), "--quiet"], {
    stdout: "inherit",
    stderr: "inherit",
  });
  if ((await build.exited) !== 0) {
    console.log("[dev] build failed; keeping the running server");
    return;
  }
  if (server) {
    server.kill("SIGTERM");
    await server.exited;
  }
  server = Bun.spawn([process.execPath, join(root, "src", "server", "main.ts")], {
    stdout: "inherit",
    stderr: "inherit",
    env: process.env,
  });
}

function schedule(reason: string) {
  if (timer) clearTimeout(timer);
  // Editors write a file in several steps; one rebuild per burst of changes.
  timer = setTimeout(() => {
    running = running.then(() => rebuildAndRestart(reason));
  }, 150);
}

const watchers: FSWatcher[] = watched.map((path) =>
  watch(join(root, path), { recursive: true }, (_event, file) => {
    if (file && /\.test\.tsx?$/.test(file)) return;
    schedule(`${path}${file ? `/${file}` : ""} changed`);
  }),
);

const stop = async () => {
  for (const watcher of watchers) watcher.close();
  server?.kill("SIGTERM");
  await server?.exited;
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);

running = rebuildAndRestart("start");
