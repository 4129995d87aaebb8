import { type CSSProperties, useEffect, useRef, useSyncExternalStore } from "react";
import { brandColor, textOn } from "./brand-colors.ts";
import type { HostChannel } from "./frame-protocol.ts";
import type { MessengerStore } from "./messenger-store.ts";
import { screenLabel, screenText } from "./screen-label.ts";

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

function BackIcon() {
  return (
    <svg
      className="back-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M15 5l-7 7 7 7" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" fill="none" />
    </svg>
  );
}

const localization = (config: Record<string, unknown> | null) =>
  (config?.localizationOptions ?? {}) as { rtl?: unknown; language?: unknown };

/**
 * The messenger frame until its real screens land: it speaks the protocol (ping, config, session,
 * screen requests, feedback answers) and shows what it received: the brand colour from the config,
 * the requested screen ("Feedback flow: bugreporting") and, for tests and debugging, every message
 * name. Closing (the button or Escape) asks the host to hide the widget.
 */
/** Opened on its own, not in a site's widget: say what this origin is for. */
function Standalone({ style }: { style: CSSProperties }) {
  return (
    <main className="messenger messenger--standalone" style={style}>
      <header className="messenger-header">
        <h1 className="messenger-title">Messenger</h1>
        <p className="messenger-subject">Conversations, news and help for your visitors.</p>
      </header>
      <section className="messenger-card">
        <p className="card-note">
          This origin serves the widget's messenger frame. It opens inside a site that embeds the widget
          snippet.
        </p>
      </section>
    </main>
  );
}

export function MessengerApp({
  store,
  channel,
  framed = true,
}: {
  store: MessengerStore;
  channel: HostChannel;
  /** False when the page is opened on its own (no parent window). */
  framed?: boolean;
}) {
  const state = useSyncExternalStore(store.subscribe, store.get);
  const label = screenLabel(state.screen);
  const { rtl, language } = localization(state.config);
  const brand = brandColor(state.config?.headerColor, brandColor(state.config?.color));
  const surveyRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const html = document.documentElement;
    html.dir = rtl === true ? "rtl" : "ltr";
    html.lang = state.overrideLanguage || (typeof language === "string" ? language : "") || "en";
  }, [rtl, language, state.overrideLanguage]);

  // The real messenger names its pages; a news article needs the wide frame (spec §2).
  useEffect(() => {
    if (state.config) channel.send({ name: "page-changed", data: { name: label.page } });
  }, [channel, label.page, state.config]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") channel.send({ name: "close-widget" });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [channel]);

  // A survey is as tall as its content: the host sizes the frame to the reported height.
  const isSurvey = state.screen?.name === "start-survey";
  useEffect(() => {
    const element = surveyRef.current;
    if (!isSurvey || !element || typeof ResizeObserver === "undefined") return;
    const report = () => channel.send({ name: "height-update", data: Math.ceil(element.scrollHeight) });
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [channel, isSurvey]);

  const background = brandColor(state.config?.backgroundColor, "#FFFFFF");
  const style = {
    "--brand": brand,
    "--on-brand": textOn(brand),
    "--background": background,
  } as CSSProperties;
  if (!framed) return <Standalone style={style} />;
  const showBack = state.screen !== null && state.screen.data.hideBackButton !== true;
  const answer = state.feedback?.status === "sent" ? (state.feedback.answer as { shortId?: unknown }) : null;

  return (
    <main
      className={isSurvey ? "messenger messenger--survey" : "messenger"}
      style={style}
      ref={surveyRef}
      data-testid="frame-app"
      data-brand={brand}
      data-ready={state.config ? "true" : "false"}
    >
      <header className="messenger-header" data-testid="frame-header">
        <div className="messenger-header-row">
          {showBack && (
            <button type="button" className="icon-button" aria-label="Back" onClick={store.showHome}>
              <BackIcon />
            </button>
          )}
          <h1 className="messenger-title">{state.screen ? label.title : "Hello!"}</h1>
          <button
            type="button"
            className="icon-button close"
            aria-label="Close"
            data-testid="frame-close"
            onClick={() => channel.send({ name: "close-widget" })}
          >
            <CloseIcon />
          </button>
        </div>
        {state.screen ? (
          label.subject && <p className="messenger-subject">{label.subject}</p>
        ) : (
          <p className="messenger-subject">How can we help?</p>
        )}
      </header>

      <section className="messenger-card" aria-labelledby="screen-heading">
        <h2 id="screen-heading" className="card-label">
          Requested screen
        </h2>
        <p className="card-value" data-testid="frame-screen">
          {screenText(label)}
        </p>
        <p className="card-note">
          {state.config
            ? "The messenger is connected to this site. Its full screens arrive with the next release."
            : "Connecting to the site…"}
        </p>
        {state.feedback?.status === "sent" && (
          <p className="feedback feedback--sent" role="status" data-testid="frame-feedback">
            Thanks! Your feedback was received
            {typeof answer?.shortId === "string" ? ` (${answer.shortId})` : ""}.
          </p>
        )}
        {state.feedback?.status === "failed" && (
          <p className="feedback feedback--failed" role="alert" data-testid="frame-feedback">
            {state.feedback.text}
          </p>
        )}
      </section>

      <details className="messenger-log">
        <summary>Messages from the site ({state.received.length})</summary>
        <ol data-testid="frame-received">
          {state.received.map((name, index) => (
            // The log only grows; a message's place in it is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
            <li key={index}>{name}</li>
          ))}
        </ol>
      </details>
    </main>
  );
}
