import { afterAll, afterEach } from "bun:test";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { registerMessages } from "../i18n/intl.ts";
import { localeState, setLocale } from "../i18n/locale-store.ts";

/**
 * A test file's place to render an admin view into happy-dom: `show` renders one in place of the one
 * before (the last one is unmounted after each test) and answers the element it sits in. Registers the area's `messages` (English
 * and German) and puts the language back after the file, so a test may switch it.
 */
export function renderedView(messages?: [enUS: Record<string, string>, de: Record<string, string>]): {
  show: (view: ReactNode) => HTMLElement;
} {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  if (messages) registerMessages(...messages);
  const localeBefore = localeState.locale;
  afterAll(() => setLocale(localeBefore));

  let root: Root | null = null;
  const host = document.createElement("div");
  document.body.append(host);
  const unmount = () => {
    act(() => root?.unmount());
    root = null;
  };
  afterEach(unmount);

  return {
    show(view) {
      unmount();
      root = createRoot(host);
      act(() => root?.render(view));
      return host;
    },
  };
}
