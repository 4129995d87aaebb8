import {
  Component,
  type ReactNode,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { HeaderBar } from "./header-bar.tsx";
import type { NavEntry } from "./navigator.ts";
import type { ScreenName } from "./screens.ts";
import { tabOf } from "./screens.ts";
import { TitleProvider, type TitleSlot, useShell, useShellTexts } from "./shell-context.tsx";
import { ErrorState, ListSkeleton } from "./states.tsx";
import { TabBar } from "./tab-bar.tsx";

/** A screen that threw while rendering, or whose code did not arrive: the error state with Retry. */
class ScreenBoundary extends Component<
  { name: ScreenName; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(`messenger: the ${this.props.name} screen failed`, error);
  }
  override render() {
    return this.state.failed ? <ErrorState error={null} onRetry={this.props.onRetry} /> : this.props.children;
  }
}

/** The current screen's component, loaded on demand, with a skeleton while its code arrives. */
function ScreenView({ entry }: { entry: NavEntry }) {
  const { screens } = useShell();
  const [attempt, setAttempt] = useState(0);
  const name = entry.screen.name;
  const Screen = screens.component(name) as (props: { screen: NavEntry["screen"] }) => ReactNode;
  const retry = () => {
    screens.reset(name);
    setAttempt((count) => count + 1);
  };
  return (
    <ScreenBoundary key={attempt} name={name} onRetry={retry}>
      <Suspense fallback={<ListSkeleton rows={3} />}>
        <Screen screen={entry.screen} />
      </Suspense>
    </ScreenBoundary>
  );
}

/** Reports the element's height to the host while it shows (surveys in the survey modes). */
function useHeightReport(element: HTMLElement | null, active: boolean) {
  const { host } = useShell();
  useEffect(() => {
    if (!active || !element || typeof ResizeObserver === "undefined") return;
    let last = -1;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last || height <= 0) return;
      last = height;
      host.send({ name: "height-update", data: height });
    };
    const observer = new ResizeObserver(report);
    observer.observe(element);
    report();
    return () => observer.disconnect();
  }, [host, element, active]);
}

/**
 * The messenger's frame: the navigation's current screen inside its chrome (header bar, tab bar, or
 * none), keyboard shortcuts (Escape closes, Alt+←/→ go back and forward), focus on the new screen's
 * heading after each navigation, and height reports for bare screens.
 */
export function MessengerShell() {
  const { navigator, screens, host } = useShell();
  const t = useShellTexts();
  const nav = useSyncExternalStore(navigator.subscribe, navigator.get);
  const entry = nav.stack[nav.stack.length - 1] as NavEntry;
  const registration = screens.registration(entry.screen.name);
  const chrome = registration.chrome ?? "panel";
  const [titles, setTitles] = useState<{ id: number; title: string | null }>({ id: entry.id, title: null });
  const slot = useMemo<TitleSlot>(
    () => ({
      set: (title) =>
        setTitles((old) => (old.id === entry.id && old.title === title ? old : { id: entry.id, title })),
    }),
    [entry.id],
  );
  const title = (titles.id === entry.id ? titles.title : null) ?? t(registration.title);
  const rootRef = useRef<HTMLDivElement>(null);
  const [bareElement, setBareElement] = useState<HTMLDivElement | null>(null);
  useHeightReport(bareElement, chrome === "bare");

  // After a navigation (not the first screen), focus goes to the new screen's heading.
  const firstEntry = useRef(entry.id);
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (entry.id === firstEntry.current || !root) return;
    root.querySelector<HTMLElement>(".screen-body")?.scrollTo?.(0, 0);
    root.querySelector<HTMLElement>("h1, h2")?.focus({ preventScroll: true });
  }, [entry.id]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (event.key === "Escape") host.send({ name: "close-widget" });
      else if (event.altKey && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
        // As browsers have it, in either direction of writing.
        if (event.key === "ArrowLeft" ? navigator.back() : navigator.forward()) event.preventDefault();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [host, navigator]);

  if (chrome === "bare")
    return (
      <div className="shell shell--bare" ref={rootRef}>
        <div className="bare-content" ref={setBareElement}>
          <ScreenView key={entry.id} entry={entry} />
        </div>
      </div>
    );

  const tab = tabOf(entry.screen);
  const showTabs = tab !== null && !entry.hideBackButton;
  return (
    <TitleProvider value={slot}>
      <div className="shell" ref={rootRef}>
        {chrome === "panel" && <HeaderBar title={title} />}
        <div className={chrome === "hero" ? "screen-body screen-body--hero" : "screen-body"}>
          <ScreenView key={entry.id} entry={entry} />
        </div>
        {showTabs && <TabBar active={tab} />}
      </div>
    </TitleProvider>
  );
}
