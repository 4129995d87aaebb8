import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { ScreenName, ScreenOf } from "./screens.ts";
import type { ShellTextKey } from "./shell-texts.ts";

/** What a registered screen component receives: its screen, with the fields of its variant. */
export interface ScreenProps<N extends ScreenName> {
  screen: ScreenOf<N>;
}

type ScreenComponent<N extends ScreenName> = ComponentType<ScreenProps<N>>;

/**
 * How the shell frames a screen:
 * - `panel` (default): the shell's header bar (back, title, close) above the screen, the tab bar
 *   below it on tab roots;
 * - `hero`: the screen draws its own header (`HeroHeader`) inside the scrolling body (home);
 * - `bare`: nothing around it, and its height is reported to the host (surveys in the survey modes).
 */
export type ScreenChrome = "panel" | "hero" | "bare";

export interface ScreenRegistration<N extends ScreenName> {
  /** The component's module, loaded on first use (a chunk of its own), or the component itself. */
  load: (() => Promise<{ default: ScreenComponent<N> }>) | { eager: ScreenComponent<N> };
  /** The header title until the screen says a better one (`useScreenTitle`). */
  title: ShellTextKey;
  /** API paths the screen reads first: fetched while its code loads. */
  prefetch?: (screen: ScreenOf<N>) => string[];
  chrome?: ScreenChrome;
}

/** Every screen's registration; the type requires one for each name of the `Screen` union. */
export type ScreenTable = { [N in ScreenName]: ScreenRegistration<N> };

export interface ScreenRegistry {
  registration<N extends ScreenName>(name: N): ScreenRegistration<N>;
  /**
   * The component to render: for a code-split screen, the module's own component when its code arrived
   * before the screen was first rendered (a preload), so it draws at once; otherwise a `React.lazy` one,
   * kept for good (changing the type under a mounted screen would remount it and lose its state).
   */
  component<N extends ScreenName>(name: N): ScreenComponent<N> | LazyExoticComponent<ScreenComponent<N>>;
  /** Starts loading a screen's code (a hover, a host request before the first render). */
  preload(name: ScreenName): void;
  /** Forgets a failed load so the next render tries again (the error state's Retry). */
  reset(name: ScreenName): void;
}

export function createScreenRegistry(table: ScreenTable): ScreenRegistry {
  const loads = new Map<ScreenName, Promise<unknown>>();
  const components = new Map<ScreenName, unknown>();
  const arrived = new Map<ScreenName, unknown>();

  const loadOf = (name: ScreenName) => {
    const load = table[name].load;
    if (typeof load !== "function") return null;
    const known = loads.get(name);
    if (known) return known;
    const loading: Promise<{ default: unknown }> = load();
    // A failed download may be retried (`reset`); an unhandled rejection is not worth a log line.
    loading.then(
      (module) => arrived.set(name, module.default),
      () => {},
    );
    loads.set(name, loading);
    return loading;
  };

  return {
    registration: (name) => table[name],
    component<N extends ScreenName>(name: N) {
      const registration = table[name] as ScreenRegistration<N>;
      if (typeof registration.load !== "function") return registration.load.eager;
      let component = components.get(name) as ScreenComponent<N> | LazyExoticComponent<ScreenComponent<N>>;
      if (!component) {
        component =
          (arrived.get(name) as ScreenComponent<N> | undefined) ??
          lazy(() => loadOf(name) as Promise<{ default: ScreenComponent<N> }>);
        components.set(name, component);
      }
      return component;
    },
    preload(name) {
      void loadOf(name);
    },
    reset(name) {
      loads.delete(name);
      components.delete(name);
      arrived.delete(name);
    },
  };
}
