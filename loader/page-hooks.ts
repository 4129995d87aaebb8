import type { HostCommandName } from "../src/shared/widget-chunk-contract.ts";
import { unfinishedTourStorageKey } from "../src/shared/widget-storage-keys.ts";
import { isBuilderWindow, listenForAdmin, visitorContent } from "./admin-mode.ts";
import { defineChecklistElement } from "./checklist-element.ts";
import { listenForPageShortcuts } from "./page-shortcuts.ts";
import { type HostCommand, parseUrlActions } from "./url-actions.ts";

interface PageHookDeps {
  window: Window & typeof globalThis;
  storage: Storage | null;
  runCommand: (command: HostCommand) => void;
  /** Loads the notification stack (it restores what an earlier page view left unread). */
  showNotifications: () => void;
  /** Starts watching the page for the project's tooltips; answers the cleanup. */
  watchTooltips: () => () => void;
  /** The project's own shortcut setting, when the host did not set one. */
  shortcutsByConfig: () => boolean;
  apiUrl: () => string;
}

/**
 * What the widget hooks into the host page once it is ready: the `<gleap-checklist>` element, the
 * tooltips, notifications left unread, `gleap:` links and Ctrl+U, an unfinished tour, admin mode and
 * the address's own actions (spec §2, §4); the host API methods that switch shortcuts and admin
 * mode; and the rule that keeps visitor content out of the admin's builder window.
 */
export function createPageHooks(deps: PageHookDeps) {
  let shortcuts: boolean | null = null;
  // Admin mode (the builder) unless the host turned it off; `stopAdmin` ends its listener.
  let adminDisabled = false;
  let stopAdmin = () => {};
  // The admin answered: a builder runs here even in a window without the builder's name.
  let building = false;
  /** Whether a command is visitor content this window must not show: it is the admin's builder. */
  const hides = (command: string) =>
    !adminDisabled && (building || isBuilderWindow(deps.window)) && visitorContent.test(command);
  const run = (command: HostCommandName, args: unknown[] = []) => deps.runCommand({ command, args });
  return {
    /** Hooks into the page; answers the cleanups. */
    attach(): Array<() => void> {
      defineChecklistElement(deps.window, (command, element) => run(command, [element]));
      const cleanups = [deps.watchTooltips()];
      // Unread notifications of an earlier page view come back (the stack keeps them an hour).
      if (!hides("showNotification") && (deps.storage?.getItem("unread-notifications") ?? "[]").length > 2)
        deps.showNotifications();
      cleanups.push(
        listenForPageShortcuts(deps.window, deps.runCommand, () => shortcuts ?? deps.shortcutsByConfig()),
      );
      // Spec §4: an unfinished tour of an earlier page view goes on (before the URL's own actions).
      if (deps.storage?.getItem(unfinishedTourStorageKey)) run("resumeProductTour");
      if (!adminDisabled) {
        stopAdmin = listenForAdmin({
          window: deps.window,
          apiUrl: deps.apiUrl,
          onLoad: (message, origin) => {
            building = true;
            // Spec §4: admin mode disables normal tours (they would cover what the admin points at):
            // one already running stops, and no other starts here (`hides`), so no tours chunk loads.
            run("disableProductTours");
            run("startBuilder", [message, origin]);
          },
        });
        cleanups.push(() => stopAdmin());
      }
      for (const command of parseUrlActions(deps.window.location.search)) deps.runCommand(command);
      return cleanups;
    },
    hides,
    methods: {
      enableShortcuts(on: boolean) {
        shortcuts = on === true;
      },
      disableAdminMode() {
        adminDisabled = true;
        stopAdmin();
      },
    },
  };
}
