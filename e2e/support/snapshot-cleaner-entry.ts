import { externalResources } from "../../src/admin/inbox/external-resources.ts";
import { snapshotDocument } from "../../src/admin/inbox/snapshot-document.ts";

/**
 * The admin's snapshot cleaner as a browser script for e2e/snapshot-cleaner.e2e.ts, which bundles this
 * file and runs it in Chromium: `cleanSnapshot(html, allowExternal)` answers the viewer frame's document.
 */
export interface CleanerWindow {
  cleanSnapshot(html: string, allowExternal: boolean): string;
}

(window as unknown as CleanerWindow).cleanSnapshot = (html, allowExternal) =>
  snapshotDocument(
    html,
    externalResources({ own: [location.origin], base: "https://acme.test/page", allowExternal }),
  );
