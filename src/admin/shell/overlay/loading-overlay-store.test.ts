import { describe, expect, test } from "bun:test";
import { loadingOverlayState, withLoadingOverlay } from "./loading-overlay-store.ts";

describe("loading overlay", () => {
  test("is up while work runs and down after it, also when it fails", async () => {
    let seen = false;
    await withLoadingOverlay(async () => {
      seen = loadingOverlayState.visible;
    });
    expect(seen).toBe(true);
    expect(loadingOverlayState.visible).toBe(false);
    await expect(
      withLoadingOverlay(async () => {
        throw new Error("failed");
      }),
    ).rejects.toThrow("failed");
    expect(loadingOverlayState.visible).toBe(false);
  });

  test("overlapping work keeps it up until the last one ends", async () => {
    let finishFirst = () => {};
    const first = withLoadingOverlay(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    await withLoadingOverlay(async () => {});
    expect(loadingOverlayState.visible).toBe(true);
    finishFirst();
    await first;
    expect(loadingOverlayState.visible).toBe(false);
  });
});
