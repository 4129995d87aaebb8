import { proxy } from "valtio";

/** Spec §3 "Loading flag: boolean": the full-screen overlay over everything while it is set. */
export const loadingOverlayState = proxy({ visible: false });

let running = 0;

/** Shows the overlay while `work` runs; overlapping work keeps it up until the last one ends. */
export async function withLoadingOverlay<T>(work: () => Promise<T>): Promise<T> {
  running += 1;
  loadingOverlayState.visible = true;
  try {
    return await work();
  } finally {
    running -= 1;
    if (running === 0) loadingOverlayState.visible = false;
  }
}
