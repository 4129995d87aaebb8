import type {
  StartedFrame,
  SurfaceCommand,
  WidgetChunk,
  WidgetChunkContext,
  WidgetChunkName,
} from "../src/shared/widget-chunk-contract.ts";
import type { ChunkLoader } from "./lazy-chunk.ts";
import { nextTask } from "./next-task.ts";
import type { createWidgetRoot } from "./widget-root.ts";

interface SurfaceMountDeps {
  document: Document;
  loadChunk: ChunkLoader;
  /** Surfaces that have a chunk in this build; calls to others log that they are unavailable. */
  availableSurfaces: readonly WidgetChunkName[];
  report: (message: string, error?: unknown) => void;
  /** What a chunk is mounted with, or null before there is a session. */
  context: () => Omit<WidgetChunkContext, "root"> | null;
  /** True once the SDK has a session and its config; false when it is destroyed first. */
  whenReady: () => Promise<boolean>;
  /** Makes the widget's element and shadow root (loader/widget-root.ts), once `whenReady` said true. */
  createRoot: typeof createWidgetRoot;
  /** Bumped by `destroy`: a chunk that arrives for an earlier generation is not mounted. */
  generation: () => number;
  /** Keeps a mounted chunk's unmount for `destroy`. */
  onMounted: (unmount: () => void) => void;
  /**
   * Starts the frame a surface's first command will show while the surface's chunk loads (the
   * messenger's, on an open; loader/messenger-frame-start.ts), in the widget's shadow root (`root`
   * makes it if needed); the chunk adopts it at mount. Undefined: nothing to start. A chunk that
   * fails to load leaves its frame for the next try.
   */
  startFrame?: (
    surface: WidgetChunkName,
    command: string | undefined,
    root: () => ShadowRoot,
  ) => StartedFrame | undefined;
}

/**
 * Fetches a surface's chunk and mounts it into the widget's root, with the frame `startFrame` began
 * meanwhile, unless a `destroy` came first (generation `run`: the root, and that frame, are gone).
 */
function loadAndMount(
  deps: SurfaceMountDeps,
  {
    surface,
    command,
    context,
    run,
    root,
    loaded,
  }: {
    surface: WidgetChunkName;
    command: string | undefined;
    context: Omit<WidgetChunkContext, "root">;
    run: number;
    root: () => ShadowRoot;
    loaded: Map<WidgetChunkName, WidgetChunk>;
  },
): Promise<WidgetChunk> {
  const startedFrame = deps.startFrame?.(surface, command, root);
  return deps.loadChunk(surface).then(async (module) => {
    // The chunk's evaluation was one task; mounting it is another.
    await nextTask();
    if (run !== deps.generation()) return module;
    // The session the call was made in; the config as it is now.
    deps.onMounted(
      module.mount({ ...context, ...deps.context(), session: context.session, root: root(), startedFrame }),
    );
    loaded.set(surface, module);
    return module;
  });
}

/**
 * The lazy surfaces on the page: each chunk is loaded once, mounted into the widget's shadow root (made
 * with the first surface), and handed its commands.
 */
export function createSurfaceMounts(deps: SurfaceMountDeps) {
  const mounted = new Map<WidgetChunkName, Promise<WidgetChunk>>();
  const loaded = new Map<WidgetChunkName, WidgetChunk>();
  let widget: { host: HTMLElement; root: ShadowRoot } | null = null;
  const rootElement = () => {
    widget ??= deps.createRoot(deps.document);
    return widget.root;
  };

  return {
    has: (surface: WidgetChunkName) => mounted.has(surface),
    /** A loaded surface's chunk, to ask it something without loading it. */
    loaded: (surface: WidgetChunkName) => loaded.get(surface),
    /**
     * Fetches and compiles a surface's chunk without running it, unless it is on its way already; with
     * the `command` its first run is expected to be, starts the frame it will show (`startFrame`).
     */
    preload(surface: WidgetChunkName, command?: string) {
      if (mounted.has(surface) || !deps.availableSurfaces.includes(surface)) return;
      deps.loadChunk.preload?.(surface);
      if (command) deps.startFrame?.(surface, command, rootElement);
    },
    /**
     * Loads a surface's chunk once, mounts it, and hands it the command; absent surfaces are logged.
     * Answers what the surface answers (a crash report's server answer, the network log).
     */
    async run<S extends WidgetChunkName>(
      surface: S,
      command?: SurfaceCommand<S>,
      args: unknown[] = [],
    ): Promise<unknown> {
      if (!deps.availableSurfaces.includes(surface))
        return deps.report(`${command ?? surface} needs the ${surface} surface, which is not available yet`);
      // A call made before the session is ready waits for it (a host's `open()` right after
      // `initialize`); one made before a `destroy` is dropped with it.
      const context = (await deps.whenReady()) && deps.context();
      if (!context) return;
      const run = deps.generation();
      // The launcher first: a surface not on the page yet, asked for while the launcher is being put
      // there (content the first ping brought), waits for it, so its files do not hold back the
      // launcher's start on the host's thread. Its file is fetched and compiled meanwhile (not run),
      // so the wait costs no round trip. Calls to a surface already there go straight on.
      const launcher = mounted.get("launcher");
      if (!mounted.has(surface) && launcher) {
        if (!loaded.has("launcher")) deps.loadChunk.preload?.(surface);
        await launcher.catch(() => {});
      }
      if (run !== deps.generation()) return;
      let chunk = mounted.get(surface);
      if (!chunk) {
        chunk = loadAndMount(deps, { surface, command, context, run, root: rootElement, loaded });
        mounted.set(surface, chunk);
        chunk.catch(() => mounted.delete(surface));
      }
      const module = (await chunk) as WidgetChunk<S>;
      if (command && run === deps.generation()) return module.run?.(command, args);
    },
    /** Forgets every surface and takes the widget's element off the page (their unmounts ran first). */
    clear() {
      widget?.host.remove();
      widget = null;
      mounted.clear();
      loaded.clear();
    },
  };
}

export type SurfaceMounts = ReturnType<typeof createSurfaceMounts>;
