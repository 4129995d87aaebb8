import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { is } from "superstruct";
import { buildAll, formatSizeTable } from "./build.ts";
import { BuildManifest } from "./src/shared/build-manifest.ts";

// React creates its elements with this symbol name; it marks a file that contains React.
const reactMarker = "react.transitional.element";
// Booleans, not toContain: a failure must not print a 200 KB bundle.
const hasReact = (code: string) => code.includes(reactMarker);

let outDir: string;
let manifest: BuildManifest;
const read = (origin: string, path: string) => Bun.file(join(outDir, origin, path)).text();

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), "build-test-"));
  manifest = await buildAll({ outDir });
  // About 10 s alone; over a minute once with both engine passes' workers beside it.
}, 180_000);

afterAll(() => rm(outDir, { recursive: true, force: true }));

describe("build", () => {
  test("writes a manifest that matches its schema", async () => {
    const written = await Bun.file(join(outDir, "manifest.json")).json();
    expect(is(written, BuildManifest)).toBe(true);
    expect(written).toEqual(manifest);
  });

  test("the loader is one classic script at a stable name, with no React and no imports", async () => {
    expect(manifest.loader).toBe("/sdk/loader.js");
    const loader = await read("main", "sdk/loader.js");
    expect(hasReact(loader)).toBe(false);
    // It compiles as a classic script, which has no import or export statements.
    expect(() => new Function(loader)).not.toThrow();
    const sdkFiles = (await readdir(join(outDir, "main", "sdk"))).filter((name) => name.endsWith(".js"));
    // The loader and the launcher entry; splitting adds shared chunks only between several entries.
    expect(sdkFiles).toContain("loader.js");
  });

  test("widget chunks have content-hashed names and are baked into the loader; the launcher has no React", async () => {
    const launcher = manifest.widgetChunks.launcher ?? "";
    expect(launcher).toMatch(/^\/sdk\/launcher-chunk-[a-z0-9]{8,}\.js$/);
    // The button is on every page view; React DOM's evaluation would be a long task there.
    const code = await read("main", launcher);
    expect(hasReact(code)).toBe(false);
    // 7.9 KB, then 8.1 KB once it readied the messenger as the pointer arrives (widget.md).
    expect(code.length).toBeLessThan(8_500);
    const loader = await read("main", "sdk/loader.js");
    expect(loader.includes(`"${launcher.replace("/sdk/", "")}"`)).toBe(true);
  });

  test("the loader's late file is one module of its own, baked into the loader, and the loader holds none of its code", async () => {
    const late = manifest.widgetChunks.late ?? "";
    expect(late).toMatch(/^\/sdk\/late-chunk-[a-z0-9]{8,}\.js$/);
    const code = await read("main", late);
    expect(hasReact(code)).toBe(false);
    // Built alone: a static import of a shared chunk would be one more request before a surface mounts.
    expect(/\bfrom\s*"\.\//.test(code)).toBe(false);
    const loader = await read("main", "sdk/loader.js");
    expect(loader.includes(`"${late.replace("/sdk/", "")}"`)).toBe(true);
    // The checklist element, the address's actions, the facade's report posting, the cookie writer.
    for (const marker of ["gleap-checklist", "gleap_widget", "Idempotency-Key", "Max-Age"]) {
      expect(code.includes(marker)).toBe(true);
      expect(loader.includes(marker)).toBe(false);
    }
  });

  test("the launcher's, messenger's, banner's, tours', notifications', tooltips' and checklist's host chunks are one module each: what a visitor waits for is one file", async () => {
    for (const name of [
      "launcher",
      "messenger",
      "banner",
      "tours",
      "notifications",
      "tooltips",
      "checklist",
    ]) {
      const chunk = manifest.widgetChunks[name] ?? "";
      expect(chunk).toMatch(new RegExp(`^/sdk/${name}-chunk-[a-z0-9]{8,}\\.js$`));
      const code = await read("main", chunk);
      expect(hasReact(code)).toBe(false);
      expect(/\bfrom\s*"\.\/|\bimport\s*"\.\/|\bimport\("\.\//.test(code)).toBe(false);
    }
    // The tour's steps are in its chunk (imported when a standard tour shows), not fetched after it.
    expect(await read("main", manifest.widgetChunks.tours ?? "")).toContain("gtr-has-close");
  });

  test("the admin and messenger apps have hashed entries and the admin its stylesheet", async () => {
    const { admin, messenger } = manifest.apps;
    expect(admin.script).toMatch(/^\/assets\/admin-main-[a-z0-9]{8,}\.js$/);
    expect(admin.css).toHaveLength(1);
    expect(admin.css[0]).toMatch(/^\/assets\/admin-main-[a-z0-9]{8,}\.css$/);
    expect(hasReact(await read("main", admin.script))).toBe(true);
    expect(messenger.script).toMatch(/^\/assets\/messenger-main-[a-z0-9]{8,}\.js$/);
    expect(await Bun.file(join(outDir, "messenger", messenger.script)).exists()).toBe(true);
    // Each app's preloads are files of its own origin.
    for (const preload of admin.preload)
      expect(await Bun.file(join(outDir, "main", preload)).exists()).toBe(true);
    for (const preload of messenger.preload) {
      expect(await Bun.file(join(outDir, "messenger", preload)).exists()).toBe(true);
    }
  });

  test("the inbox's addresses preload the dashboard's chunk and their screen's, none the entry holds", async () => {
    const routes = manifest.apps.admin.routes ?? [];
    const preloadFor = (path: string) =>
      routes.filter(({ pattern }) => new RegExp(pattern).test(path)).flatMap((route) => route.preload);
    const inbox = preloadFor("/dashboard/inbox");
    const report = preloadFor("/dashboard/inbox/0199ab");
    // The screen's own code: the list's columns, the report's capture player.
    const code = async (files: string[]) =>
      (await Promise.all(files.map((file) => read("main", file)))).join("");
    expect(await code(inbox)).toContain("inbox-row");
    expect(await code(report)).toContain("inbox-report-title");
    for (const file of [...inbox, ...report]) {
      expect(file).toMatch(/^\/assets\/chunk-[a-z0-9]+\.js$/);
      expect(await Bun.file(join(outDir, "main", file)).exists()).toBe(true);
      expect(manifest.apps.admin.preload).not.toContain(file);
    }
    expect(preloadFor("/login")).toEqual([]);
  });

  test("the banner and modal frame apps sit beside the messenger and share its React", async () => {
    const { messenger, banner, modal } = manifest.apps;
    expect(banner.script).toMatch(/^\/assets\/banner-main-[a-z0-9]{8,}\.js$/);
    expect(modal.script).toMatch(/^\/assets\/modal-main-[a-z0-9]{8,}\.js$/);
    for (const app of [banner, modal]) {
      expect(app.css).toHaveLength(1);
      for (const file of [app.script, ...app.css, ...app.preload]) {
        expect(await Bun.file(join(outDir, "messenger", file)).exists()).toBe(true);
      }
    }
    // React is in a chunk the three frames preload, not in each entry.
    const shared = banner.preload.filter(
      (file) => modal.preload.includes(file) && messenger.preload.includes(file),
    );
    const sharedCode = await Promise.all(shared.map((file) => read("messenger", file)));
    expect(sharedCode.some(hasReact)).toBe(true);
    expect(hasReact(await read("messenger", banner.script))).toBe(false);
  });

  test("a lazy screen's small shared code is folded: the messenger's new conversation opens with at most 8 files", async () => {
    const { messenger } = manifest.apps;
    const scripts = manifest.files.filter(
      (file) => file.origin === "messenger" && /^\/assets\/chunk-[a-z0-9]+\.js$/.test(file.path),
    );
    let screen: string | undefined;
    for (const file of scripts)
      if ((await read("messenger", file.path)).includes('"conversation-intro"')) screen = file.path;
    expect(screen).toBeDefined();
    // What the click fetches: the screen's chunk and what it imports, less what home already loaded.
    const loaded = new Set([messenger.script, ...messenger.preload]);
    const fetched = new Set<string>();
    const visit = async (path: string) => {
      if (loaded.has(path) || fetched.has(path)) return;
      fetched.add(path);
      const code = await read("messenger", path);
      for (const [, name] of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g))
        await visit(`/assets/${name}`);
    };
    await visit(screen ?? "");
    // Split without folding, it was 11, five of them under 1 KB (an icon table, an empty file, …).
    expect(fetched.size).toBeLessThanOrEqual(8);
    expect(fetched.size).toBeGreaterThan(1);
  });

  test("the rich-text editor (TipTap, ProseMirror) is a lazy chunk of its own, not in the admin's entry or preloads", async () => {
    // ProseMirror's editing class is in its view code, which every TipTap editor brings along.
    const hasEditor = (code: string) => code.includes("ProseMirror-hideselection");
    const { admin } = manifest.apps;
    for (const file of [admin.script, ...admin.preload])
      expect(hasEditor(await read("main", file))).toBe(false);
    const scripts = manifest.files.filter((file) => file.origin === "main" && file.path.endsWith(".js"));
    const withEditor = [];
    for (const file of scripts) if (hasEditor(await read("main", file.path))) withEditor.push(file.path);
    expect(withEditor.length).toBeGreaterThan(0);
  });

  test("the latest-build file names this build's admin entry", async () => {
    const latest = JSON.parse(await read("main", "latest-build.json"));
    expect(latest).toEqual({ admin: manifest.apps.admin.script, builtAt: manifest.builtAt });
  });

  test("public/ is copied as it is", async () => {
    expect(await read("main", "demo/index.html")).toBe(await Bun.file("public/demo/index.html").text());
  });

  test("every text output is measured and has brotli and gzip siblings", async () => {
    const paths = manifest.files.map((file) => `${file.origin}${file.path}`);
    expect(paths).toContain("main/sdk/loader.js");
    expect(paths).toContain(`main${manifest.apps.admin.script}`);
    for (const file of manifest.files) {
      const base = join(outDir, file.origin, file.path);
      expect(Bun.file(base).size).toBe(file.bytes);
      expect(Bun.file(`${base}.br`).size).toBe(file.brotli);
      expect(Bun.file(`${base}.gz`).size).toBe(file.gzip);
    }
  });

  test("the npm module's typings hold for a host's strict TypeScript, and refuse an unknown event", async () => {
    // Beside the build, not in it: the up-to-date check below counts every file in it.
    const host = await mkdtemp(join(tmpdir(), "host-app-"));
    await Bun.write(
      join(host, "app.ts"),
      [
        `import Gleap, { type GleapEventName, type GleapReportCreated } from "${join(outDir, "npm", "gleap.js")}";`,
        'const sent: GleapEventName = "feedback-sent";',
        "Gleap.on(sent, () => {});",
        "// @ts-expect-error: not an event the SDK emits",
        'Gleap.on("no-such-event", () => {});',
        'const answer: Promise<GleapReportCreated | undefined> | undefined = Gleap.sendSilentCrashReport("x");',
        "export const shortId = answer?.then((created) => created?.shortId.toUpperCase());",
      ].join("\n"),
    );
    // skipLibCheck off: the published declarations themselves are checked, as a strict host would.
    const options = { strict: true, module: "ESNext", moduleResolution: "Bundler", target: "ES2022" };
    const compilerOptions = {
      ...options,
      lib: ["ES2022", "DOM"],
      types: [],
      noEmit: true,
      skipLibCheck: false,
    };
    await Bun.write(join(host, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["app.ts"] }));
    const tsc = Bun.spawn([join(import.meta.dir, "node_modules", ".bin", "tsc"), "-p", host], {
      stdout: "pipe",
    });
    const [exitCode, output] = await Promise.all([tsc.exited, new Response(tsc.stdout).text()]);
    await rm(host, { recursive: true, force: true });
    expect(output).toBe("");
    expect(exitCode).toBe(0);
  }, 30_000);

  test("build.ts run again on the unchanged checkout builds nothing; the server's bundle once", async () => {
    const buildAgain = async () => {
      const run = Bun.spawn([process.execPath, join(import.meta.dir, "build.ts"), "--quiet"], {
        env: { ...process.env, DIST_DIR: outDir },
        stdout: "pipe",
        stderr: "pipe",
      });
      const [exitCode, stdout] = await Promise.all([run.exited, new Response(run.stdout).text()]);
      expect(exitCode).toBe(0);
      return stdout;
    };
    // buildAll leaves the server out: the command line's build bundles it (npm start runs it).
    const first = await buildAgain();
    expect(first).toStartWith(`${outDir} is current (built ${manifest.builtAt}`);
    expect(first).toContain("Bundled the server into");
    expect(await buildAgain()).not.toContain("Bundled");
    expect(await Bun.file(join(outDir, "manifest.json")).json()).toEqual(manifest);
  }, 30_000);
});

test("formatSizeTable lines up one row per file under a header", () => {
  const table = formatSizeTable([
    { origin: "main", path: "/sdk/loader.js", bytes: 4096, gzip: 2048, brotli: 1536 },
    { origin: "messenger", path: "/assets/m.js", bytes: 1024 * 300, gzip: 1024 * 90, brotli: 1024 * 80 },
  ]);
  const lines = table.split("\n");
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(/^file\s+raw\s+gzip\s+brotli$/);
  expect(lines[1]).toMatch(/^main\/sdk\/loader\.js\s+4\.0 KB\s+2\.0 KB\s+1\.5 KB$/);
  expect(lines[2]).toMatch(/^messenger\/assets\/m\.js\s+300\.0 KB\s+90\.0 KB\s+80\.0 KB$/);
  expect(new Set(lines.map((line) => line.length)).size).toBe(1);
});
