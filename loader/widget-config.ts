import { defaultFlowConfig, type FlowConfig } from "../src/shared/widget-config-api.ts";
import { chooseWidgetLanguage } from "../src/shared/widget-language.ts";
import type { HttpClient } from "./http-client.ts";

interface ServerConfig {
  flowConfig?: Partial<FlowConfig>;
  messengerUrl?: string;
}

/** `setStyles` in the reference's names: `primaryColor` is the config's `color`, `buttonStyle` its position. */
export function styleOverrides(styles: Record<string, unknown>): Partial<FlowConfig> {
  const { primaryColor, buttonStyle, ...rest } = styles;
  return {
    ...rest,
    ...(primaryColor ? { color: primaryColor } : {}),
    ...(buttonStyle ? { feedbackButtonPosition: buttonStyle } : {}),
  } as Partial<FlowConfig>;
}

/** The config last stored for `cacheKey`; null when there is none or it does not parse (it is replaced). */
function cachedConfig(storage: Storage | null, cacheKey: string): ServerConfig | null {
  try {
    const entry = JSON.parse(storage?.getItem(cacheKey) ?? "null") as ServerConfig | null;
    return entry?.flowConfig ? entry : null;
  } catch {
    return null;
  }
}

/**
 * The order of a config's loads: an answer is applied only while its load is the latest and no stop
 * came after it, so a config of an earlier language, or of a start `destroy` ended, that answers late
 * never overwrites the one asked for since. Remembers the language the latest load asked for.
 */
function createLoadOrder() {
  let loads = 0;
  let asked: string | null = null;
  return {
    /** A load of `language` begins: answers whether it is still the latest. */
    begin(language: string): () => boolean {
      const load = ++loads;
      asked = language;
      return () => load === loads;
    },
    /** Whether the latest load asked for another language than `language`. */
    outdated: (language: string) => asked !== null && asked !== language,
    stop() {
      loads++;
    },
  };
}

interface WidgetConfigDeps {
  storage: Storage | null;
  request: HttpClient;
  report: (message: string, error?: unknown) => void;
  /** Called with every change: a cached or fresh server config (`fromServer`), a `setStyles`. */
  onChange: (config: FlowConfig, fromServer: boolean) => void;
  /** The browser's language: the widget's when neither the host nor the project fixes one. */
  language: string;
  /** `setLanguage`: at once, and a second later, when the config of that language is asked for. */
  onLanguage: (language: string, settled: boolean) => void;
}

/**
 * At `setLanguage`: the texts the server sent are the previous language's (it merges the published
 * SDK's texts in the language asked for), so they go, and the surfaces draw their own in the new
 * language until its config comes.
 */
function withoutServerTexts(config: FlowConfig, onChange: WidgetConfigDeps["onChange"]): FlowConfig {
  if (Object.keys(config.staticTranslations).length === 0) return config;
  const without = { ...config, staticTranslations: {} };
  onChange(without, false);
  return without;
}

/**
 * The project's widget config in the widget's language (spec §3 Config): served from the cache at
 * once when there is one and revalidated in the background, else awaited. `setStyles` wins over the
 * server's config, also when it was queued before the config arrived.
 */
export function createWidgetConfig(deps: WidgetConfigDeps) {
  const { storage, request, report, onChange } = deps;
  let overrides: Partial<FlowConfig> = {};
  let current: FlowConfig = defaultFlowConfig;
  let messengerUrl = "";
  const browserLanguage = deps.language.toLowerCase();
  /** `setLanguage`'s, lower case; null until the host calls it. */
  let chosen: string | null = null;
  const language = () => chooseWidgetLanguage(chosen, current, browserLanguage);
  // The config is asked for in the visitor's language (the host's or the browser's), as the reference
  // does: the project's fixed language is only known from the answer.
  const requestLanguage = () => chosen ?? browserLanguage;
  let sdkKey = "";
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  const order = createLoadOrder();

  const apply = (server: Partial<FlowConfig> | undefined) => {
    current = { ...defaultFlowConfig, ...server, ...overrides };
    onChange(current, true);
  };

  const config = {
    current: () => current,
    /** The widget's language (`setLanguage`, else the project's fixed one, else the browser's), lower case. */
    language,
    /** The messenger origin the server names (the host's `setFrameUrl` wins over it). */
    messengerUrl: () => messengerUrl,
    /** `fresh`: wait for the server's answer even with a cached one (the consent decision needs it). */
    async load(key = sdkKey, fresh = false): Promise<void> {
      sdkKey = key;
      const lang = requestLanguage();
      const latest = order.begin(lang);
      const cacheKey = `gleap-widget-config-${sdkKey}-${lang}`;
      const cached = cachedConfig(storage, cacheKey);
      if (cached) {
        messengerUrl = cached.messengerUrl ?? "";
        apply(cached.flowConfig);
      }
      const answered = request<ServerConfig>(
        "GET",
        `/config/${encodeURIComponent(sdkKey)}?lang=${encodeURIComponent(lang)}`,
      )
        .then((answer) => {
          if (!latest()) return;
          messengerUrl = answer.messengerUrl ?? messengerUrl;
          apply(answer.flowConfig);
          storage?.setItem(cacheKey, JSON.stringify({ flowConfig: answer.flowConfig ?? {}, messengerUrl }));
        })
        .catch((error) => report("config could not be loaded; using the last known one", error));
      if (!cached || fresh) await answered;
    },
    /** A language was chosen (`setLanguage`) since the latest load asked for the config. */
    outdated: () => order.outdated(requestLanguage()),
    setStyles(styles: Record<string, unknown>) {
      if (!styles || typeof styles !== "object") return;
      const mapped = styleOverrides(styles);
      overrides = { ...overrides, ...mapped };
      current = { ...current, ...mapped };
      onChange(current, false);
    },
    setLanguage(lang: string) {
      if (typeof lang !== "string" || lang === "") return;
      // Always applied, also when it is the browser's language: it then wins over the project's.
      chosen = lang.toLowerCase();
      current = withoutServerTexts(current, onChange);
      deps.onLanguage(language(), false);
      // Spec §7: re-initialise after a second, and tell the server the contact's language.
      timers.push(
        setTimeout(() => {
          // Before `initialize` there is no project to ask; its boot loads the config in this language.
          if (sdkKey) void config.load();
          deps.onLanguage(language(), true);
        }, 1000),
      );
    },
    /** `destroy`: a pending language change is dropped. */
    stop() {
      order.stop();
      for (const timer of timers.splice(0)) clearTimeout(timer);
    },
  };
  return config;
}
