import type { BunPlugin } from "bun";
import { applyVendorPatch, type VendorPatch } from "./vendor-csp-patches.ts";

/**
 * Rewrites of bundled vendor code that costs the host page main-thread time for nothing. Same rules as
 * the CSP patches: the smallest change that keeps the library's behaviour, and the build fails when a
 * patched file no longer holds its text.
 *
 * Shepherd's modal overlay measures the step's element on every animation frame for as long as the
 * step is up (`_styleForStep`'s `rafLoop`): a `getBoundingClientRect` per frame, each a forced style
 * and layout of the host page whenever anything on it changed, and a page that never stops producing
 * frames. bench/host-impact.ts found it as the largest part of our main-thread work with a tour live
 * (tasks of 30 to 400 ms at 4x throttling, again and again). The patch measures once, then again only
 * when something can have moved the element: floating-ui's `autoUpdate` (already in the same module,
 * which Shepherd uses for the popover) fires on scrolling of any ancestor, resizing, a size change of
 * the element or the overlay, and a layout shift of the element (IntersectionObserver); each wakes one
 * measurement on the next frame.
 */
export const vendorPerformancePatches: readonly VendorPatch[] = [
  {
    file: /[\\/]shepherd\.js[\\/]dist[\\/]esm[\\/]shepherd\.mjs$/,
    find: "  let rafId = undefined;\n",
    replace: "  let rafId = undefined;\n  let stopFollowingOpening = () => {};\n",
  },
  {
    file: /[\\/]shepherd\.js[\\/]dist[\\/]esm[\\/]shepherd\.mjs$/,
    find: "  function _cleanupStepEventListeners() {\n",
    replace:
      "  function _cleanupStepEventListeners() {\n    stopFollowingOpening();\n    stopFollowingOpening = () => {};\n",
  },
  {
    file: /[\\/]shepherd\.js[\\/]dist[\\/]esm[\\/]shepherd\.mjs$/,
    find: "      rafId = requestAnimationFrame(rafLoop);\n    };\n    rafLoop();\n",
    replace:
      "    };\n    rafLoop();\n" +
      "    if (step.target) stopFollowingOpening = autoUpdate(step.target, element || document.documentElement, () => {\n" +
      "      if (!rafId) rafId = requestAnimationFrame(rafLoop);\n" +
      "    });\n",
  },
];

/** The patched text of one vendor file: every patch for it, in order. */
export function applyVendorPatches(source: string, patches: readonly VendorPatch[], path: string): string {
  return patches
    .filter((patch) => patch.file.test(path))
    .reduce((text, patch) => applyVendorPatch(text, patch, path), source);
}

/** The Bun build plugin applying `vendorPerformancePatches` to the widget chunks' vendor files. */
export const vendorPerformancePlugin: BunPlugin = {
  name: "vendor-performance-patches",
  setup(build) {
    const files = [...new Set(vendorPerformancePatches.map((patch) => patch.file))];
    for (const file of files)
      build.onLoad({ filter: file }, async ({ path }) => ({
        contents: applyVendorPatches(await Bun.file(path).text(), vendorPerformancePatches, path),
        loader: "js",
      }));
  },
};
