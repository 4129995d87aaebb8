/**
 * A lazily imported module, imported once: `load()` starts the import (or joins the one under way) and
 * `loaded()` answers the module once it is there, for rendering without suspending (lazy-page.ts says
 * why). A failed import does not stick: the next `load()` imports again (a failed prefetch is followed
 * by the navigation's own try).
 */
export interface ModuleOnce<Module> {
  load(): Promise<Module>;
  loaded(): Module | null;
}

export function moduleOnce<Module>(importModule: () => Promise<Module>): ModuleOnce<Module> {
  let loading: Promise<Module> | null = null;
  let loaded: Module | null = null;
  return {
    load() {
      loading ??= importModule().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => loaded,
  };
}
