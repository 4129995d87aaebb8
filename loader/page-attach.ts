import type { HostCommandName } from "../src/shared/widget-chunk-contract.ts";
import { unfinishedTourStorageKey } from "../src/shared/widget-storage-keys.ts";
import { listenForAdmin } from "./admin-mode.ts";
import { defineChecklistElement } from "./checklist-element.ts";
import type { PageHookDeps, PageHookState } from "./page-hooks.ts";
import { listenForPageShortcuts } from "./page-shortcuts.ts";
import { watchTooltips } from "./page-tooltips.ts";
import { parseUrlActions } from "./url-actions.ts";

interface PageAttachDeps extends PageHookDeps {
  /** The host's switches and admin mode's state, kept by the eager file (loader/page-hooks.ts). */
  hooks: PageHookState;
  /** Whether this window must not show a command (it is the admin's builder). */
  hides: (command: HostCommandName) => boolean;
}

/**
 * What the widget hooks into the host page once it is ready (spec §2, §4): the `<gleap-checklist>`
 * element, the tooltips, notifications left unread, `gleap:` links and Ctrl+U, an unfinished tour,
 * admin mode and the address's own actions. Part of the loader's late file (loader/late-chunk.ts).
 * Answers the cleanups.
 */
export function attachPage(deps: PageAttachDeps): Array<() => void> {
  const { window, storage, hooks } = deps;
  const run = (command: HostCommandName, args: unknown[] = []) => deps.runCommand({ command, args });
  defineChecklistElement(window, (command, element) => run(command, [element]));
  const cleanups = [
    watchTooltips({ window, tooltips: deps.tooltips, chunkLoaded: deps.tooltipsLoaded, runCommand: run }),
  ];
  // Unread notifications of an earlier page view come back (the stack keeps them an hour).
  if (!deps.hides("showNotification") && (storage?.getItem("unread-notifications") ?? "[]").length > 2)
    deps.showNotifications();
  cleanups.push(
    listenForPageShortcuts(window, deps.runCommand, () => hooks.shortcuts ?? deps.shortcutsByConfig()),
  );
  // Spec §4: an unfinished tour of an earlier page view goes on (before the URL's own actions).
  if (storage?.getItem(unfinishedTourStorageKey)) run("resumeProductTour");
  if (!hooks.adminDisabled) {
    hooks.stopAdmin = listenForAdmin({
      window,
      apiUrl: deps.apiUrl,
      onLoad: (message, origin) => {
        hooks.building = true;
        // Spec §4: admin mode disables normal tours (they would cover what the admin points at):
        // one already running stops, and no other starts here (`hides`), so no tours chunk loads.
        run("disableProductTours");
        run("startBuilder", [message, origin]);
      },
    });
    cleanups.push(() => hooks.stopAdmin());
  }
  for (const command of parseUrlActions(window.location.search)) deps.runCommand(command);
  return cleanups;
}
