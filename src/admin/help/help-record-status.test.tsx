import { afterAll, afterEach, expect, test } from "bun:test";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { Resource } from "../api/use-resource.ts";
import { registerMessages } from "../i18n/intl.ts";
import { localeState, setLocale } from "../i18n/locale-store.ts";
import { RecordLoadStatus } from "../shell/form/loaded-form-page.tsx";
import { helpMessagesDe, helpMessagesEnUS } from "./help-messages.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
registerMessages(helpMessagesEnUS, helpMessagesDe);
const localeBefore = localeState.locale;
setLocale("en-US");
afterAll(() => setLocale(localeBefore));

let root: Root | null = null;
const host = document.createElement("div");
document.body.append(host);
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

function show(resource: Resource<string>, onRetry = () => {}) {
  root = createRoot(host);
  act(() => root?.render(<RecordLoadStatus area="help" resource={resource} onRetry={onRetry} />));
  return host;
}

test("loading says so; a ready record shows nothing here", () => {
  expect(show({ state: "loading" }).querySelector("[role=status]")?.textContent).toBe(
    helpMessagesEnUS["help.loading"],
  );
  act(() =>
    root?.render(
      <RecordLoadStatus area="help" resource={{ state: "ready", data: "x" }} onRetry={() => {}} />,
    ),
  );
  expect(host.textContent).toBe("");
});

test("a 404 is 'not found' with its hint; another failure offers a retry that calls back", () => {
  const missing = show({ state: "error", status: 404, message: "Not found" });
  expect(missing.querySelector("h2")?.textContent).toBe(helpMessagesEnUS["help.notFound"]);
  expect(missing.textContent).toContain(helpMessagesEnUS["help.notFoundHint"]);
  act(() => root?.unmount());

  let retried = 0;
  const failed = show({ state: "error", status: 500, message: "Boom" }, () => retried++);
  expect(failed.textContent).toContain(helpMessagesEnUS["help.error"]);
  act(() => failed.querySelector("button")?.click());
  expect(retried).toBe(1);
});
