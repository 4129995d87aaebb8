import { chooseWidgetLanguage } from "../../shared/widget-language.ts";
import type { MessengerStore } from "../messenger-store.ts";

/**
 * The messenger's language as content is read in (the locale's, shell-context.tsx `localeOf`):
 * `setLanguage`'s, else the project's fixed one, else the browser's. `changed()` says once per change
 * that what shows must be read again.
 */
export interface ContentLanguageWatch {
  current(): string;
  changed(): boolean;
}

export function watchContentLanguage(
  store: MessengerStore,
  browserLanguage = globalThis.navigator?.language || "en",
): ContentLanguageWatch {
  const current = () => {
    const state = store.get();
    return chooseWidgetLanguage(state.overrideLanguage, state.config, browserLanguage);
  };
  let last = current();
  return {
    current,
    changed() {
      const next = current();
      if (next === last) return false;
      last = next;
      return true;
    },
  };
}
