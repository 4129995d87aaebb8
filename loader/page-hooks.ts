import { isBuilderWindow, visitorContent } from "./admin-mode.ts";
import type { LateFile } from "./lazy-chunk.ts";
import type { TooltipList } from "./tooltip-list.ts";
import type { HostCommand } from "./url-actions.ts";

export interface PageHookDeps {
  window: Window & typeof globalThis;
  storage: Storage | null;
  runCommand: (command: HostCommand) => void;
  /** Loads the notification stack (it restores what an earlier page view left unread). */
  showNotifications: () => void;
  tooltips: TooltipList;
  /** Whether the tooltips chunk is loaded (it then follows the address itself). */
  tooltipsLoaded: () => boolean;
  /** The project's own shortcut setting, when the host did not set one. */
  shortcutsByConfig: () => boolean;
  apiUrl: () => string;
  report: (message: string, error?: unknown) => void;
  late: LateFile;
}

/** What the host API switches about the page hooks, and what admin mode found. */
export interface PageHookState {
  /** `enableShortcuts`; null: the project's setting decides. */
  shortcuts: boolean | null;
  /** `disableAdminMode`. */
  adminDisabled: boolean;
  /** The admin answered: a builder runs here even in a window without the builder's name. */
  building: boolean;
  /** Ends admin mode's listener. */
  stopAdmin: () => void;
}

/**
 * The widget's hooks into the host page (spec §2, §4): what the host API switches (shortcuts, admin
 * mode), and the rule that keeps visitor content out of the admin's builder window. Hooking in, once
 * the page is ready, is the late file's (loader/page-attach.ts).
 */
export function createPageHooks(deps: PageHookDeps) {
  const hooks: PageHookState = {
    shortcuts: null,
    adminDisabled: false,
    building: false,
    stopAdmin: () => {},
  };
  /** Whether a command is visitor content this window must not show: it is the admin's builder. */
  const hides = (command: string) =>
    !hooks.adminDisabled && (hooks.building || isBuilderWindow(deps.window)) && visitorContent.test(command);
  return {
    /**
     * Hooks into the page with the late file's code, unless `stale` (destroyed meanwhile); answers the
     * cleanups. Without the late file there are no hooks, and the rest of the SDK goes on.
     */
    async attach(stale: () => boolean): Promise<Array<() => void>> {
      const late = await deps.late
        .get()
        .catch((error) => deps.report("the page hooks are unavailable", error));
      return late && !stale() ? late.attachPage({ ...deps, hooks, hides }) : [];
    },
    hides,
    methods: {
      enableShortcuts(on: boolean) {
        hooks.shortcuts = on === true;
      },
      disableAdminMode() {
        hooks.adminDisabled = true;
        hooks.stopAdmin();
      },
    },
  };
}
