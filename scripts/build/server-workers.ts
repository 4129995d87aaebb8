import { readdir } from "node:fs/promises";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dir, "..", "..");

/**
 * The worker scripts the server starts (`new Worker(new URL("./x-worker.ts", import.meta.url))`). A
 * bundle of the server (the binary's, `npm start`'s) makes each an entry point of its own; finding them
 * in the source keeps a new worker from being forgotten.
 */
export async function serverWorkerEntries(serverDir = join(root, "src", "server")): Promise<string[]> {
  const entries = new Set<string>();
  const files = await readdir(serverDir, { recursive: true });
  for (const file of files) {
    if (!file.endsWith(".ts") || /\.test\.ts$/.test(file) || file.includes("test-support")) continue;
    const path = join(serverDir, file);
    const source = await Bun.file(path).text();
    if (!source.includes("new Worker(")) continue;
    for (const match of source.matchAll(/new URL\("(\.\.?\/[^"]+\.ts)", import\.meta\.url\)/g)) {
      entries.add(resolve(path, "..", match[1] as string));
    }
  }
  return [...entries].sort();
}
