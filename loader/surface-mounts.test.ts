import { afterEach, describe, expect, test } from "bun:test";
import type {
  StartedFrame,
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

function mounts(
  files: Partial<Record<WidgetChunkName, Promise<WidgetChunk>>>,
  journal: string[],
  startFrame?: Parameters<typeof createSurfaceMounts>[0]["startFrame"],
) {
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
    availableSurfaces: ["launcher", "banner", "tours", ...(files.messenger ? (["messenger"] as const) : [])],
    report: (message) => journal.push(`report: ${message}`),
    context: () => ({ session: {} as WidgetChunkContext["session"] }) as Omit<WidgetChunkContext, "root">,
    whenReady: async () => true,
    createRoot: createWidgetRoot,
    generation: () => generation,
    onMounted: () => {},
    startFrame,
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

describe("a frame started while the chunk loads", () => {
  /** A messenger chunk held until the test lets it arrive (or fail), noting the frame it was mounted with. */
  function messengerWithFrame() {
    const journal: string[] = [];
    let arrive: (chunk: WidgetChunk) => void = () => {};
    let fail: (error: Error) => void = () => {};
    const file = new Promise<WidgetChunk>((resolve, reject) => {
      arrive = resolve;
      fail = reject;
    });
    const started: StartedFrame[] = [];
    const chunk: WidgetChunk = {
      mount(context) {
        journal.push(`mounted with ${context.startedFrame ? "the started frame" : "no frame"}`);
        expect(context.startedFrame).toBe(started.at(-1));
        expect(context.root.host.id).toBe("gleap-widget-root");
        return () => {};
      },
      run: (command) => void journal.push(`ran ${command}`),
    };
    const built = mounts({ messenger: file }, journal, (surface, command, root) => {
      journal.push(`start frame for ${surface} ${command}`);
      if (command === "hide") return undefined;
      const element = document.createElement("div");
      root().append(element);
      const frame = {
        element,
        inner: element,
        iframe: document.createElement("iframe"),
        url: "https://messenger.example",
        takeMessages: () => [],
        remove: () => {
          journal.push("frame removed");
          element.remove();
        },
      };
      started.push(frame);
      return frame;
    });
    return {
      journal,
      started,
      arrive: () => arrive(chunk),
      fail: () => fail(new Error("offline")),
      ...built,
    };
  }

  test("the frame starts in the widget's root before the chunk is requested, and the chunk is mounted with it", async () => {
    const { journal, started, arrive, surfaces } = messengerWithFrame();
    const opened = surfaces.run("messenger", "open");
    await tasks();
    expect(journal).toEqual(["start frame for messenger open", "messenger requested"]);
    // On the page while the chunk is still on its way.
    expect(started[0]?.element.isConnected).toBe(true);
    arrive();
    await opened;
    expect(journal.slice(2)).toEqual(["mounted with the started frame", "ran open"]);
    // Asked once: the next command finds the chunk there.
    await surfaces.run("messenger", "hide");
    expect(journal.filter((line) => line.startsWith("start frame"))).toHaveLength(1);
  });

  test("a command that starts no frame mounts the chunk without one", async () => {
    const { journal, arrive, surfaces } = messengerWithFrame();
    const hidden = surfaces.run("messenger", "hide");
    arrive();
    await hidden;
    expect(journal).toEqual([
      "start frame for messenger hide",
      "messenger requested",
      "mounted with no frame",
      "ran hide",
    ]);
  });

  test("a chunk that does not arrive leaves its frame; the next open asks for one again", async () => {
    const { journal, started, fail, surfaces } = messengerWithFrame();
    const opened = surfaces.run("messenger", "open");
    await tasks();
    fail();
    await expect(opened).rejects.toThrow("offline");
    // The frame's starter hands the next open the same one (loader/messenger-frame-start.ts).
    expect(journal).not.toContain("frame removed");
    expect(started[0]?.element.isConnected).toBe(true);
    void surfaces.run("messenger", "open").catch(() => {});
    await tasks();
    expect(journal.filter((line) => line === "start frame for messenger open")).toHaveLength(2);
  });

  test("a destroy before the chunk arrives mounts nothing", async () => {
    const { journal, arrive, destroy, surfaces } = messengerWithFrame();
    const opened = surfaces.run("messenger", "open");
    await tasks();
    destroy();
    arrive();
    await opened;
    expect(journal).toEqual(["start frame for messenger open", "messenger requested"]);
  });

  test("a preload told the first command starts the frame too; one without it, or of a surface there, does not", async () => {
    const { journal, arrive, surfaces } = messengerWithFrame();
    surfaces.preload("messenger");
    expect(journal).toEqual(["messenger preloaded"]);
    surfaces.preload("messenger", "open");
    expect(journal).toEqual(["messenger preloaded", "messenger preloaded", "start frame for messenger open"]);
    arrive();
    await surfaces.run("messenger", "open");
    const before = journal.length;
    surfaces.preload("messenger", "open");
    expect(journal).toHaveLength(before);
  });
});
