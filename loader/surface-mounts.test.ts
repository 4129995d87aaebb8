import { afterEach, describe, expect, test } from "bun:test";
import type {
  WidgetChunk,
  WidgetChunkContext,
  WidgetChunkName,
} from "../src/shared/widget-chunk-contract.ts";
import { createSurfaceMounts } from "./surface-mounts.ts";
import { createWidgetRoot } from "./widget-root.ts";

/** A chunk file whose arrival the test decides, recording what the surface was asked. */
function heldChunk(name: WidgetChunkName, journal: string[]) {
  let arrive = () => {};
  const chunk: WidgetChunk = {
    mount() {
      journal.push(`${name} mounted`);
      return () => {};
    },
    run(command) {
      journal.push(`${name} ran ${command}`);
    },
  };
  const file = new Promise<WidgetChunk>((resolve) => {
    arrive = () => resolve(chunk);
  });
  return { file, arrive: () => arrive() };
}

function mounts(files: Partial<Record<WidgetChunkName, Promise<WidgetChunk>>>, journal: string[]) {
  let generation = 0;
  const surfaces = createSurfaceMounts({
    document,
    loadChunk: Object.assign(
      (name: WidgetChunkName) => {
        journal.push(`${name} requested`);
        return files[name] ?? Promise.reject(new Error(`no ${name}`));
      },
      { preload: (name: WidgetChunkName) => journal.push(`${name} preloaded`) },
    ),
    availableSurfaces: ["launcher", "banner", "tours"],
    report: (message) => journal.push(`report: ${message}`),
    context: () => ({ session: {} as WidgetChunkContext["session"] }) as Omit<WidgetChunkContext, "root">,
    whenReady: async () => true,
    createRoot: createWidgetRoot,
    generation: () => generation,
    onMounted: () => {},
  });
  return { surfaces, destroy: () => generation++ };
}

/** A launcher's and a banner's files, held until the test lets them arrive, and the mounts over them. */
function launcherAndBanner() {
  const journal: string[] = [];
  const launcher = heldChunk("launcher", journal);
  const banner = heldChunk("banner", journal);
  return { journal, launcher, banner, ...mounts({ launcher: launcher.file, banner: banner.file }, journal) };
}

/** Lets every pending task and microtask run (the mounts wait a task between loading and mounting). */
const tasks = async (count = 5) => {
  for (let index = 0; index < count; index++) await new Promise((resolve) => setTimeout(resolve, 0));
};

afterEach(() => {
  document.getElementById("gleap-widget-root")?.remove();
});

describe("the launcher first", () => {
  test("content asked for while the launcher is being put on the page waits for it, then loads", async () => {
    const { journal, launcher, banner, surfaces } = launcherAndBanner();
    const launched = surfaces.run("launcher");
    await tasks();
    // The first ping's answer brings a banner while the launcher's file is still on its way.
    const shown = surfaces.run("banner", "showBanner", [{ actionType: "banner" }]);
    banner.arrive();
    await tasks();
    // Its file is fetched meanwhile, not run: the wait costs the banner no round trip.
    expect(journal).toEqual(["launcher requested", "banner preloaded"]);
    launcher.arrive();
    await launched;
    await shown;
    expect(journal).toEqual([
      "launcher requested",
      "banner preloaded",
      "launcher mounted",
      "banner requested",
      "banner mounted",
      "banner ran showBanner",
    ]);
  });

  test("content asked for once the launcher is on the page loads at once, with nothing preloaded", async () => {
    const { journal, launcher, banner, surfaces } = launcherAndBanner();
    const launched = surfaces.run("launcher");
    launcher.arrive();
    await launched;
    banner.arrive();
    await surfaces.run("banner", "showBanner", [{ actionType: "banner" }]);
    expect(journal).toEqual([
      "launcher requested",
      "launcher mounted",
      "banner requested",
      "banner mounted",
      "banner ran showBanner",
    ]);
  });

  test("without a launcher on its way, content loads at once; a launcher that failed holds nothing back", async () => {
    const journal: string[] = [];
    const banner = heldChunk("banner", journal);
    banner.arrive();
    const { surfaces } = mounts({ banner: banner.file }, journal);
    const failed = surfaces.run("launcher").catch(() => "failed");
    expect(await failed).toBe("failed");
    await surfaces.run("banner", "showBanner", [{}]);
    expect(journal).toEqual([
      "launcher requested",
      "banner requested",
      "banner mounted",
      "banner ran showBanner",
    ]);
  });

  test("a command to a surface already on the page goes straight on while the launcher loads", async () => {
    const { journal, launcher, banner, surfaces } = launcherAndBanner();
    banner.arrive();
    // Asked for before the launcher (the network log as the config starts it): loads at once.
    await surfaces.run("banner", "showBanner", [{}]);
    const launched = surfaces.run("launcher");
    await tasks();
    await surfaces.run("banner", "closeBanner");
    expect(journal).toEqual([
      "banner requested",
      "banner mounted",
      "banner ran showBanner",
      "launcher requested",
      "banner ran closeBanner",
    ]);
    launcher.arrive();
    await launched;
  });

  test("a destroy while waiting for the launcher drops the call", async () => {
    const { journal, launcher, banner, surfaces, destroy } = launcherAndBanner();
    banner.arrive();
    const launched = surfaces.run("launcher");
    await tasks();
    const shown = surfaces.run("banner", "showBanner", [{}]);
    await tasks();
    destroy();
    launcher.arrive();
    await launched;
    await shown;
    // Fetched ahead, never run: nothing of the banner is on the page.
    expect(journal).toEqual(["launcher requested", "banner preloaded"]);
  });
});

describe("preload", () => {
  test("fetches a surface's file ahead, once it is asked for no longer, and never one not built", async () => {
    const { journal, launcher, banner, surfaces } = launcherAndBanner();
    surfaces.preload("banner");
    surfaces.preload("messenger");
    expect(journal).toEqual(["banner preloaded"]);
    launcher.arrive();
    banner.arrive();
    await surfaces.run("launcher");
    await surfaces.run("banner");
    surfaces.preload("banner");
    expect(journal).toEqual([
      "banner preloaded",
      "launcher requested",
      "launcher mounted",
      "banner requested",
      "banner mounted",
    ]);
  });
});
