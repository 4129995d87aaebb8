import { expect, test } from "bun:test";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { LoadingOverlay } from "./loading-overlay.tsx";
import { loadingOverlayState, withLoadingOverlay } from "./loading-overlay-store.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

test("while the overlay shows, everything beside it is inert, and usable again after", async () => {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <>
        <main data-testid="page">
          <button type="button">Sign out</button>
        </main>
        <LoadingOverlay />
      </>,
    ),
  );
  const page = container.querySelector<HTMLElement>("[data-testid=page]");

  let finish = () => {};
  let work: Promise<void> = Promise.resolve();
  await act(async () => {
    work = withLoadingOverlay(() => new Promise<void>((resolve) => (finish = resolve)));
  });
  expect(loadingOverlayState.visible).toBe(true);
  expect(container.querySelector("[data-testid=loading-overlay]")).not.toBeNull();
  expect(page?.inert).toBe(true);

  await act(async () => {
    finish();
    await work;
  });
  expect(container.querySelector("[data-testid=loading-overlay]")).toBeNull();
  expect(page?.inert).toBe(false);
  act(() => root.unmount());
  container.remove();
});
