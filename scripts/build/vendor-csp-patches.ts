import type { BunPlugin } from "bun";

/**
 * Rewrites of bundled vendor code that breaks a host page's strict Content-Security-Policy (no
 * `'unsafe-inline'` in `style-src`). Each is the smallest change that keeps the library's behaviour;
 * the build fails when a patched file no longer holds its text (a new version: look at it again).
 */
export interface VendorPatch {
  /** The vendor file, by its path (through the node_modules link, so only its tail is matched). */
  file: RegExp;
  find: string;
  replace: string;
}

export const vendorCspPatches: readonly VendorPatch[] = [
  {
    // The replay recorder compares a style attribute's old value with the new one by setting the old
    // value as a loose span's `style` attribute, which such a host refuses (and reports) for every style
    // change on the page, leaving the span unstyled: removed properties were never seen as removed.
    // Through the CSSOM the same text is parsed the same way, and CSP does not govern it.
    file: /[\\/]@rrweb[\\/]record[\\/]dist[\\/]record\.js$/,
    find: 'old.setAttribute("style", m.oldValue);',
    replace: "old.style.cssText = m.oldValue;",
  },
];

/** The patched text of one vendor file; throws when the text to replace is not in it. */
export function applyVendorPatch(source: string, patch: VendorPatch, path: string): string {
  if (!source.includes(patch.find))
    throw new Error(`vendor-csp-patches: ${path} no longer contains ${JSON.stringify(patch.find)}`);
  return source.replaceAll(patch.find, patch.replace);
}

/** The Bun build plugin applying `vendorCspPatches` to the widget chunks' vendor files. */
export const vendorCspPlugin: BunPlugin = {
  name: "vendor-csp-patches",
  setup(build) {
    for (const patch of vendorCspPatches)
      build.onLoad({ filter: patch.file }, async ({ path }) => ({
        contents: applyVendorPatch(await Bun.file(path).text(), patch, path),
        loader: "js",
      }));
  },
};
