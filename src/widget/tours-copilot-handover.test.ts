import { afterEach, beforeEach, expect, jest, test } from "bun:test";
import type { ProductTourValidation } from "../shared/outbound-api.ts";
import { createChunkContext, createRecordingHost } from "./common/chunk-context-test-support.ts";
import * as copilot from "./copilot/copilot-chunk.ts";
import * as tours from "./tours/tours-chunk.ts";

/**
 * The two chunks together, as the loader wires them: the tours chunk validates a `cobrowse` tour and
 * asks for `startCopilotTour`, which the recording host hands to the co-pilot chunk; the co-pilot's
 * end comes back over the shared event bus and becomes the tour's quit event.
 */

let context: ReturnType<typeof createChunkContext>;
let unmounts: Array<() => void>;
let emitted: Array<[string, unknown]>;

const config = {
  tourType: "cobrowse",
  kaiSlug: "Kai",
  allowClose: true,
  steps: [{ selector: "#title", message: "Hello" }],
};

/**
 * Waits up to 2 s for `check`, 10 ms at a time: real time, or under fake timers the fake clock moved
 * on by the same steps (the turns of the event loop between them are real either way).
 */
async function until(check: () => boolean, what: string, fake = false) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    if (fake) {
      jest.advanceTimersByTime(10);
      await new Promise((resolve) => setImmediate(resolve));
    } else await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeEach(() => {
  document.body.innerHTML = `<h1 id="title">Acme</h1>`;
  localStorage.clear();
  emitted = [];
  const answer: ProductTourValidation = { status: "live", passedPageFilter: true, config };
  const host = createRecordingHost({ request: async <T>() => answer as T });
  // The loader's routing, for the one command that crosses from the tours chunk to the co-pilot.
  host.command = (name, args = []) => {
    host.commands.push({ name, args });
    if (name === "startCopilotTour") copilot.run(name, args);
  };
  context = createChunkContext({ host });
  for (const name of ["productTourCompleted", "productTourQuit"])
    context.events.on(name, (data) => emitted.push([name, data]));
  unmounts = [tours.mount(context), copilot.mount(context)];
});

afterEach(() => {
  jest.useRealTimers();
  for (const unmount of unmounts) unmount();
  context.element.remove();
  document.body.innerHTML = "";
});

test("a cobrowse tour runs in the co-pilot chunk; its dismiss is the tour's quit", async () => {
  tours.run("startProductTour", ["t1"]);
  await until(() => context.root.querySelector(".gcp-badge") !== null, "the co-pilot");
  expect(context.host.commands.map((command) => command.name)).toEqual(["startCopilotTour"]);
  expect(context.root.querySelector(".gtr-popover")).toBeNull();
  expect(context.root.querySelector(".gcp-slug")?.textContent).toBe("Kai");
  context.root.querySelector<HTMLElement>(".gcp-dismiss")?.click();
  expect(emitted).toEqual([["productTourQuit", { tourId: "t1" }]]);
  expect(context.host.tracked).toEqual([{ name: "tour-t1-quit", data: { tourId: "t1" } }]);
});

test("the co-pilot's steps are saved as it goes, and admin mode takes it away", async () => {
  // The first step comes after 1.5 s: on a fake clock, so the test does not wait them out.
  jest.useFakeTimers();
  tours.run("startProductTour", ["t1"]);
  await until(() => localStorage.getItem("gleap-tour-data") !== null, "the first step", true);
  expect(JSON.parse(localStorage.getItem("gleap-tour-data") ?? "{}").tourId).toBe("t1");
  tours.run("disableProductTours", []);
  expect(context.root.querySelector(".gcp-layer")).toBeNull();
  expect(emitted).toEqual([]);
});
