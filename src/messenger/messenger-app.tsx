import { type CSSProperties, useEffect, useMemo, useSyncExternalStore } from "react";
import { translator } from "./shell/i18n.ts";
import { MessengerShell } from "./shell/messenger-shell.tsx";
import type { MessengerRuntime } from "./shell/runtime.ts";
import { screenKey } from "./shell/screens.ts";
import { LocaleProvider, localeOf, ShellProvider } from "./shell/shell-context.tsx";
import { shellTexts } from "./shell/shell-texts.ts";
import { themeOf, themeStyle } from "./shell/theme.ts";

/** Opened on its own, not in a site's widget: say what this origin is for. */
function Standalone({ style, lang }: { style: CSSProperties; lang: string }) {
  const t = translator(shellTexts, lang);
  return (
    <main className="messenger messenger--standalone" style={style}>
      <header className="hero">
        <h1 className="hero-title">{t("standalone.title")}</h1>
        <p className="hero-lead">{t("standalone.lead")}</p>
      </header>
      <section className="card standalone-card">
        <p>{t("standalone.text")}</p>
      </section>
    </main>
  );
}

/** Before the host's config: the header band and card shapes the host's own placeholder shows. */
function Connecting() {
  return (
    <div className="shell" aria-busy="true">
      <div className="screen-body screen-body--hero">
        <div className="hero hero--placeholder" data-testid="frame-header" />
        <div className="home-cards">
          <div className="card skeleton">
            <span className="skeleton-line" style={{ width: "55%" }} />
            <span className="skeleton-line" style={{ width: "80%" }} />
          </div>
        </div>
      </div>
    </div>
  );
}

const browserLanguage = () => (typeof navigator === "undefined" ? "en" : navigator.language || "en");

/**
 * The messenger frame app: the host's config and language become the theme and locale, and the shell
 * shows the navigation's current screen. Its root carries, for end-to-end tests and debugging, what
 * it received (`data-received`: message names in order), the screen (`data-screen`), whether the
 * config arrived (`data-ready`) and the brand colour (`data-brand`).
 */
export function MessengerApp({
  runtime,
  framed = true,
}: {
  runtime: MessengerRuntime;
  /** False when the page is opened on its own (no parent window). */
  framed?: boolean;
}) {
  const { store, navigator } = runtime;
  const state = useSyncExternalStore(store.subscribe, store.get);
  const nav = useSyncExternalStore(navigator.subscribe, navigator.get);
  const locale = useMemo(
    () => localeOf({ config: state.config, overrideLanguage: state.overrideLanguage }, browserLanguage()),
    [state.config, state.overrideLanguage],
  );
  const theme = useMemo(() => themeOf(state.config), [state.config]);
  const style = useMemo(() => themeStyle(theme), [theme]);

  useEffect(() => {
    const html = document.documentElement;
    html.dir = locale.dir;
    html.lang = locale.lang;
  }, [locale.dir, locale.lang]);

  if (!framed) return <Standalone style={style} lang={locale.lang} />;
  const screen = nav.stack[nav.stack.length - 1]?.screen;
  return (
    <LocaleProvider value={locale}>
      <ShellProvider value={runtime}>
        <main
          className="messenger"
          style={style}
          data-testid="frame-app"
          data-brand={theme.brand}
          data-ready={state.config ? "true" : "false"}
          data-screen={screen ? screenKey(screen) : ""}
          data-received={state.received.join(" ")}
        >
          {state.config ? <MessengerShell /> : <Connecting />}
        </main>
      </ShellProvider>
    </LocaleProvider>
  );
}
