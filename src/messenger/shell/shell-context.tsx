import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import type { MessengerToHostMessage } from "../../shared/frame-messages.ts";
import { chooseWidgetLanguage, isRightToLeftLanguage } from "../../shared/widget-language.ts";
import type { HostChannel } from "../frame-protocol.ts";
import type { MessengerState, MessengerStore } from "../messenger-store.ts";
import type { ApiError, MessengerApi } from "./api-client.ts";
import {
  type Catalogue,
  loadTranslations,
  subscribeTranslations,
  type Translate,
  translationsVersion,
  translator,
} from "./i18n.ts";
import type { Navigator } from "./navigator.ts";
import type { QueryCache, QueryState } from "./query-cache.ts";
import type { Realtime } from "./realtime.ts";
import type { ScreenRegistry } from "./screen-registry.ts";
import { shellTexts } from "./shell-texts.ts";
import type { Unread } from "./unread.ts";

/**
 * What a screen uses of the shell, through hooks:
 *
 * | hook | gives |
 * |---|---|
 * | `useShell()` | `api` (the one API client), `queries`, `realtime.subscribe`, `navigator` (push, back, replace, openTab), `host` (messages to the host page), `store`, `unread`, `screens` |
 * | `useApiQuery<T>(path)` | a GET answer shared by every screen: `{status: "loading" \| "error" \| "ready", data, error, retry}` |
 * | `useTexts(catalogue)` | the translate function of an area's texts, in the messenger's language, with the project's overrides |
 * | `useLocale()` | `{lang, dir}` for `Intl` formats and layout |
 * | `useMessengerState(select)` | a value of what the host sent (config, session, form data, feedback answers) |
 * | `useHostActions()` | `close()`, `openUrl(url, newTab)`, `send(message)` |
 * | `useScreenTitle(text)` | the header's title for the current screen |
 */
export interface ShellServices {
  api: MessengerApi;
  queries: QueryCache;
  realtime: Realtime;
  navigator: Navigator;
  host: HostChannel;
  store: MessengerStore;
  unread: Unread;
  screens: ScreenRegistry;
}

const ShellContext = createContext<ShellServices | null>(null);
export const ShellProvider = ShellContext.Provider;

export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error("useShell: render inside the messenger shell (ShellProvider)");
  return services;
}

/**
 * One value of the host's state; re-renders only when it changes. Select a primitive or a value the
 * store keeps as it is (`state.config`), never a new object.
 */
export function useMessengerState<T>(select: (state: MessengerState) => T): T {
  const { store } = useShell();
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}

export interface Locale {
  /** The language, as the host or the project said it (`de`, `de-at`, `ar`); for `Intl`. */
  lang: string;
  dir: "ltr" | "rtl";
  /** The project's `staticTranslations`. */
  overrides: Record<string, string>;
}

const localizationOf = (config: Record<string, unknown> | null) =>
  (config?.localizationOptions ?? {}) as { rtl?: unknown };

/**
 * The messenger's language and direction. The host sends the widget's language with every config
 * (`overrideLanguage`: `setLanguage`'s, else the project's fixed one, else the browser's, as
 * `chooseWidgetLanguage` decides there too); a host that sends none (the reference SDK before
 * `setLanguage`) leaves it to the project's fixed language, then to this browser's.
 */
export function localeOf(
  state: Pick<MessengerState, "config" | "overrideLanguage">,
  browser: string,
): Locale {
  const { rtl } = localizationOf(state.config);
  const lang = chooseWidgetLanguage(state.overrideLanguage, state.config, browser);
  const overrides = state.config?.staticTranslations;
  return {
    lang,
    dir: rtl === true || isRightToLeftLanguage(lang) ? "rtl" : "ltr",
    overrides:
      overrides && typeof overrides === "object" && !Array.isArray(overrides)
        ? (overrides as Record<string, string>)
        : {},
  };
}

const LocaleContext = createContext<Locale>({ lang: "en", dir: "ltr", overrides: {} });
export const LocaleProvider = LocaleContext.Provider;
export const useLocale = () => useContext(LocaleContext);

/**
 * An area's translate function (see i18n.ts). For an area that ships English alone it asks for the
 * language's texts (the first draw has waited for them, a later `setLanguage` may not have) and is
 * made again once they have arrived.
 */
export function useTexts<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  const { lang, overrides } = useLocale();
  const loaded = useSyncExternalStore(subscribeTranslations, translationsVersion);
  useEffect(() => void loadTranslations(catalogue, lang), [catalogue, lang]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded` tells that the catalogue gained a language, which its identity does not
  return useMemo(() => translator(catalogue, lang, overrides), [catalogue, lang, overrides, loaded]);
}

/** The shell's own texts (states, titles), for screens that show the shell's wording. */
export const useShellTexts = () => useTexts(shellTexts);

export interface ApiQuery<T> {
  status: QueryState<T>["status"];
  data: T | undefined;
  error: ApiError | null;
  /** A refresh runs behind data already shown. */
  refreshing: boolean;
  /** Fetches again (the error state's Retry, pull to refresh). */
  retry(): void;
}

const waiting: QueryState<never> = { status: "loading" };

/** A screen mounted with an answer older than this refetches it (and shows the old one meanwhile). */
export const revalidateAfterMs = 15_000;

/** A GET of the widget API, cached by path and shared by every screen; `null` waits. */
export function useApiQuery<T>(path: string | null): ApiQuery<T> {
  const { queries } = useShell();
  const subscribe = useCallback(
    (listener: () => void) => (path === null ? () => {} : queries.subscribe(path, listener)),
    [queries, path],
  );
  const state = useSyncExternalStore(subscribe, () =>
    path === null ? (waiting as QueryState<T>) : queries.read<T>(path),
  );
  useEffect(() => {
    if (path === null) return;
    void queries.fetch(path);
    // Shown again later: what it showed is refreshed behind it.
    queries.revalidate(path, revalidateAfterMs);
  }, [queries, path]);
  const retry = useCallback(() => {
    if (path !== null) void queries.fetch(path, true);
  }, [queries, path]);
  return {
    status: state.status,
    data: state.status === "ready" ? state.data : undefined,
    error: state.status === "error" ? state.error : null,
    refreshing: state.status === "ready" && state.refreshing,
    retry,
  };
}

/** What a screen may ask of the host page. */
export function useHostActions() {
  const { host } = useShell();
  return useMemo(
    () => ({
      send: (message: MessengerToHostMessage) => host.send(message),
      close: () => host.send({ name: "close-widget" }),
      openUrl: (url: string, newTab = true) => host.send({ name: "open-url", data: url, newTab }),
    }),
    [host],
  );
}

/** The title shown in the header bar, per screen (set by `useScreenTitle`). */
export interface TitleSlot {
  set(title: string | null): void;
}
const TitleContext = createContext<TitleSlot>({ set: () => {} });
export const TitleProvider = TitleContext.Provider;

/** Puts a title in the header bar while the screen shows (the flow's title, an article's). */
export function useScreenTitle(title: string | null | undefined) {
  const slot = useContext(TitleContext);
  useEffect(() => {
    slot.set(title ?? null);
  }, [slot, title]);
}
