import type { Page } from "@playwright/test";
import { snippetStub } from "./snippet-stub.ts";

/**
 * The inline script of a host page that installs the SDK as the documented snippet does: the stub
 * (with `methods`), a listener that sets `window.gleapInitialized` once the SDK says "initialized",
 * `before` (the host's own calls queued ahead of `initialize`), `Gleap.initialize(key)` and the
 * loader's async tag from the page's origin. The caller wraps it in its `<script>`.
 */
export function sdkSnippet(
  key: string,
  { methods, before = "" }: { methods?: readonly string[]; before?: string } = {},
): string {
  return `${snippetStub(methods)}
Gleap.on("initialized", function () { window.gleapInitialized = true; });
${before}
Gleap.initialize(${JSON.stringify(key)});
var s = document.createElement("script"); s.async = true; s.src = "/sdk/loader.js";
document.head.appendChild(s);`;
}

/** Waits until the page's SDK has said "initialized" (the flag `sdkSnippet` sets). */
export async function waitForSdkInitialized(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { gleapInitialized?: boolean }).gleapInitialized === true,
  );
}
