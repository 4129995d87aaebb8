import { useCallback, useEffect, useRef, useState } from "react";
import type { BuilderInit, BuilderMode, SelectorCount } from "../../shared/builder-messages.ts";
import { BuilderApiError, loadItem, saveItem } from "./builder-api.ts";
import type { BuilderChannel } from "./builder-channel.ts";
import { type BuilderItem, itemSteps, newStep } from "./builder-item.ts";
import { type BuilderTexts, builderTexts, fill } from "./builder-texts.ts";
import { recheckProblem, selectorsToRecheck } from "./selector-recheck.ts";

/** How long a save waits for the page to count the picked selectors. */
const recheckTimeoutMs = 2000;

export type SaveState = { state: "idle" | "saving" | "saved" } | { state: "failed"; message: string };

const errorText = (error: unknown) =>
  error instanceof BuilderApiError ? `${error.message} (${error.status})` : String(error);

/** The line that says how the item stands: loading failed, saving, saved, failed, unsaved changes. */
export function builderStatus(t: BuilderTexts, loadError: string | null, save: SaveState, dirty: boolean) {
  if (loadError) return fill(t.loadFailed, { message: loadError });
  if (save.state === "saving") return t.saving;
  if (save.state === "saved") return t.saved;
  if (save.state === "failed") return fill(t.saveFailed, { message: save.message });
  return dirty ? t.unsaved : "";
}

/**
 * The builder's state and its line to the page: the page's `data` (the first loads the item), the
 * page it shows, elements picked there (a tooltip's element, or a new tour step), the mode the page
 * is told about, the edits and saving them (then the page hears `update-steps` and `save`).
 */
export function useBuilder(channel: BuilderChannel) {
  const [init, setInit] = useState<BuilderInit | null>(null);
  const [page, setPage] = useState("");
  const [item, setItem] = useState<BuilderItem | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [mode, setModeState] = useState<BuilderMode>("loading");
  const [save, setSave] = useState<SaveState>({ state: "idle" });
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  // The last pick was an element only its position tells apart (the bar says how to name it).
  const [unnamed, setUnnamed] = useState(false);
  const initRef = useRef<BuilderInit | null>(null);
  const pageRef = useRef("");
  // Every selector picked in this session and the page it was picked on, for the re-check on save.
  const picks = useRef(new Map<string, string>());
  const countsWaiting = useRef<((counts: SelectorCount[]) => void) | null>(null);

  const setMode = useCallback(
    (next: BuilderMode) => {
      setModeState(next);
      setUnnamed(false);
      channel.send({ name: "status-changed", data: { status: next } });
    },
    [channel],
  );

  const onPicked = useCallback(
    (selector: string, text: string, page: string) => {
      picks.current.set(selector, page);
      setItem((current) => {
        if (!current) return current;
        if (current.kind === "tooltip") return { ...current, tooltip: { ...current.tooltip, selector } };
        setSelected(current.steps.length);
        return { ...current, steps: [...current.steps, newStep(selector, text)] };
      });
      setDirty(true);
      setMode("editor");
    },
    [setMode],
  );

  useEffect(
    () =>
      channel.start((message) => {
        if (message.name === "data") {
          const first = initRef.current === null;
          initRef.current = message.data.init;
          setInit(message.data.init);
          setPage(message.data.page);
          pageRef.current = message.data.page;
          if (first) {
            loadItem(message.data.init).then(
              (loaded) => {
                setItem(loaded);
                setMode("navigate");
              },
              (error) => {
                setLoadError(errorText(error));
                setMode("navigate");
              },
            );
          }
        } else if (message.name === "page-changed") {
          setPage(message.data.page);
          pageRef.current = message.data.page;
        } else if (message.name === "element-picked")
          onPicked(message.data.selector, message.data.text ?? "", message.data.page);
        else if (message.name === "element-unnamed") setUnnamed(true);
        else if (message.name === "selectors-checked") countsWaiting.current?.(message.data.counts);
      }),
    [channel, onPicked, setMode],
  );

  useEffect(() => {
    document.documentElement.lang = init?.locale?.toLowerCase().startsWith("en") ? "en" : "de";
  }, [init]);

  const update = (next: BuilderItem) => {
    setItem(next);
    setDirty(true);
    if (save.state !== "saving") setSave({ state: "idle" });
  };

  /** Asks the live page what the selectors find now; null when it does not answer in time. */
  const countOnPage = (selectors: string[]) =>
    new Promise<SelectorCount[] | null>((resolve) => {
      const timer = setTimeout(() => {
        countsWaiting.current = null;
        resolve(null);
      }, recheckTimeoutMs);
      countsWaiting.current = (counts) => {
        clearTimeout(timer);
        countsWaiting.current = null;
        resolve(counts);
      };
      channel.send({ name: "check-selectors", data: { selectors } });
    });

  const onSave = async () => {
    const current = initRef.current;
    if (!current || !item) return;
    setSave({ state: "saving" });
    const asked = selectorsToRecheck(
      picks.current,
      pageRef.current,
      itemSteps(item).map((step) => step.selector),
    );
    if (asked.length > 0) {
      const counts = await countOnPage(asked);
      const t = builderTexts(current.locale);
      const problem = counts ? recheckProblem(asked, counts, t) : t.recheckTimeout;
      if (problem) return setSave({ state: "failed", message: problem });
    }
    try {
      const stored = await saveItem(current, item);
      setItem(stored);
      setDirty(false);
      setSave({ state: "saved" });
      channel.send({ name: "update-steps", data: { steps: itemSteps(stored) } });
      channel.send({ name: "save", data: { kind: current.kind, itemId: current.itemId } });
    } catch (error) {
      setSave({ state: "failed", message: errorText(error) });
    }
  };

  const highlight = (selector: string | null) =>
    channel.send({ name: "highlight-element", data: { selector } });

  return {
    init,
    page,
    item,
    loadError,
    mode,
    setMode,
    save,
    dirty,
    selected,
    setSelected,
    unnamed,
    update,
    onSave,
    highlight,
  };
}

export type Builder = ReturnType<typeof useBuilder>;
