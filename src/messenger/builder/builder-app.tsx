import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { BuilderInit, BuilderMode, BuilderStep } from "../../shared/builder-messages.ts";
import { BuilderApiError, loadItem, saveItem } from "./builder-api.ts";
import type { BuilderChannel } from "./builder-channel.ts";
import { type BuilderItem, itemSteps, moveStep, newStep, stepModes } from "./builder-item.ts";
import { type BuilderTexts, builderTexts, fill } from "./builder-texts.ts";

type SaveState = { state: "idle" | "saving" | "saved" } | { state: "failed"; message: string };

const errorText = (error: unknown) =>
  error instanceof BuilderApiError ? `${error.message} (${error.status})` : String(error);

/**
 * The builder frame at `/builder` of the messenger origin (spec §2 "Admin builder"). It waits for the
 * page's `data` (the item and a builder token for it), loads the tour or tooltip, and drives the page
 * through its mode: navigate (a bar: the page, the steps, Pick element, Save), picker (a bar while the
 * admin clicks an element on the page), editor (the whole viewport: every step's element, title,
 * description and type) and loading (hidden). Save writes the item through the platform API and tells
 * the page, which tells the admin's window.
 */
export function BuilderApp({ channel }: { channel: BuilderChannel }) {
  const [init, setInit] = useState<BuilderInit | null>(null);
  const [page, setPage] = useState("");
  const [item, setItem] = useState<BuilderItem | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [mode, setModeState] = useState<BuilderMode>("loading");
  const [save, setSave] = useState<SaveState>({ state: "idle" });
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const initRef = useRef<BuilderInit | null>(null);
  const t = builderTexts(init?.locale);

  const setMode = useCallback(
    (next: BuilderMode) => {
      setModeState(next);
      channel.send({ name: "status-changed", data: { status: next } });
    },
    [channel],
  );

  const onPicked = useCallback(
    (selector: string, text: string) => {
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
        } else if (message.name === "page-changed") setPage(message.data.page);
        else if (message.name === "element-picked") onPicked(message.data.selector, message.data.text ?? "");
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

  const onSave = async () => {
    const current = initRef.current;
    if (!current || !item) return;
    setSave({ state: "saving" });
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

  if (!init || mode === "loading") return null;
  const title = init.kind === "tour" ? t.tourBuilder : t.tooltipBuilder;
  const status = loadError
    ? fill(t.loadFailed, { message: loadError })
    : save.state === "saving"
      ? t.saving
      : save.state === "saved"
        ? t.saved
        : save.state === "failed"
          ? fill(t.saveFailed, { message: save.message })
          : dirty
            ? t.unsaved
            : "";
  const failed = Boolean(loadError) || save.state === "failed";
  const stepCount = item?.kind === "tour" ? item.steps.length : null;

  const bar = (
    <header className="gb-bar">
      <div className="gb-brand">
        <span className="gb-logo" aria-hidden="true" />
        <div className="gb-brand-text">
          <strong>{title}</strong>
          <span className="gb-name">
            {item?.kind === "tour" ? item.outbound.name : item?.kind === "tooltip" ? item.tooltip.name : ""}
          </span>
        </div>
      </div>
      {mode === "picker" ? (
        <p className="gb-hint" role="status">
          {t.pickHint}
        </p>
      ) : (
        <p className="gb-page" title={page}>
          <span className="gb-label">{t.currentPage}</span> <span className="gb-url">{page}</span>
        </p>
      )}
      <p className={failed ? "gb-status gb-status-error" : "gb-status"} role="status" aria-live="polite">
        {mode === "picker" ? "" : status}
      </p>
      <div className="gb-actions">
        {mode === "picker" ? (
          <button type="button" className="gb-button" onClick={() => setMode("navigate")}>
            {t.cancel}
          </button>
        ) : (
          <>
            {item && (
              <button type="button" className="gb-button" onClick={() => setMode("editor")}>
                {stepCount === null
                  ? t.editSteps
                  : `${t.editSteps} · ${stepCount === 1 ? t.oneStep : fill(t.steps, { count: stepCount })}`}
              </button>
            )}
            {item && (
              <button type="button" className="gb-button" onClick={() => setMode("picker")}>
                {t.pickElement}
              </button>
            )}
            {item && (
              <button
                type="button"
                className="gb-button gb-primary"
                disabled={save.state === "saving"}
                onClick={onSave}
              >
                {t.save}
              </button>
            )}
          </>
        )}
      </div>
    </header>
  );

  if (mode !== "editor" || !item) return bar;
  return (
    <div className="gb-editor-screen">
      <div className="gb-backdrop" onClick={() => setMode("navigate")} aria-hidden="true" />
      <section className="gb-panel" aria-label={title}>
        <header className="gb-panel-head">
          <h1>{title}</h1>
          <button type="button" className="gb-button" onClick={() => setMode("navigate")}>
            {t.done}
          </button>
        </header>
        <div className="gb-panel-body">
          {item.kind === "tour" ? (
            <StepList
              t={t}
              steps={item.steps}
              selected={selected}
              onSelect={setSelected}
              onChange={(steps) => update({ ...item, steps })}
              onHighlight={highlight}
            />
          ) : (
            <TooltipFields t={t} item={item} onChange={update} onHighlight={highlight} />
          )}
        </div>
        <footer className="gb-panel-foot">
          <p className={failed ? "gb-status gb-status-error" : "gb-status"} role="status">
            {status}
          </p>
          <button type="button" className="gb-button" onClick={() => setMode("picker")}>
            {item.kind === "tour" ? t.addStep : t.pickAgain}
          </button>
          <button
            type="button"
            className="gb-button gb-primary"
            disabled={save.state === "saving"}
            onClick={onSave}
          >
            {t.save}
          </button>
        </footer>
      </section>
    </div>
  );
}

function StepList(props: {
  t: BuilderTexts;
  steps: BuilderStep[];
  selected: number | null;
  onSelect(index: number): void;
  onChange(steps: BuilderStep[]): void;
  onHighlight(selector: string | null): void;
}) {
  const { t, steps, onChange } = props;
  if (steps.length === 0) return <p className="gb-empty">{t.noSteps}</p>;
  const change = (index: number, patch: Partial<BuilderStep>) =>
    onChange(steps.map((step, at) => (at === index ? { ...step, ...patch } : step)));
  return (
    <ol className="gb-steps">
      {steps.map((step, index) => (
        <StepCard
          // Steps have no ids; their position is what the admin sees and edits.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is ordered by the admin, not keyed data.
          key={index}
          t={t}
          step={step}
          index={index}
          count={steps.length}
          open={props.selected === index}
          onSelect={() => props.onSelect(index)}
          onChange={(patch) => change(index, patch)}
          onMove={(to) => onChange(moveStep(steps, index, to))}
          onRemove={() => onChange(steps.filter((_, at) => at !== index))}
          onHighlight={props.onHighlight}
        />
      ))}
    </ol>
  );
}

function StepCard(props: {
  t: BuilderTexts;
  step: BuilderStep;
  index: number;
  count: number;
  open: boolean;
  onSelect(): void;
  onChange(patch: Partial<BuilderStep>): void;
  onMove(to: number): void;
  onRemove(): void;
  onHighlight(selector: string | null): void;
}) {
  const { t, step, index } = props;
  const id = useId();
  const modeLabels = useMemo(() => ({ "": t.modeDefault, CLICK: t.modeClick, INPUT: t.modeInput }), [t]);
  return (
    <li
      className={props.open ? "gb-step gb-step-open" : "gb-step"}
      onMouseEnter={() => props.onHighlight(step.selector)}
      onMouseLeave={() => props.onHighlight(null)}
      onFocus={props.onSelect}
    >
      <div className="gb-step-head">
        <span className="gb-step-number">{fill(t.step, { index: index + 1 })}</span>
        <code className="gb-selector" title={step.selector}>
          {step.selector}
        </code>
        <div className="gb-step-tools">
          <button
            type="button"
            className="gb-icon-button"
            aria-label={t.moveUp}
            title={t.moveUp}
            disabled={index === 0}
            onClick={() => props.onMove(index - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="gb-icon-button"
            aria-label={t.moveDown}
            title={t.moveDown}
            disabled={index === props.count - 1}
            onClick={() => props.onMove(index + 1)}
          >
            ↓
          </button>
          <button
            type="button"
            className="gb-icon-button gb-danger"
            aria-label={t.remove}
            title={t.remove}
            onClick={props.onRemove}
          >
            ×
          </button>
        </div>
      </div>
      <label className="gb-field" htmlFor={`${id}-title`}>
        {t.title}
      </label>
      <input
        id={`${id}-title`}
        className="gb-input"
        value={step.title ?? ""}
        maxLength={200}
        onChange={(event) => props.onChange({ title: event.target.value })}
      />
      <label className="gb-field" htmlFor={`${id}-message`}>
        {t.description}
      </label>
      <textarea
        id={`${id}-message`}
        className="gb-input gb-textarea"
        value={step.message ?? ""}
        maxLength={5000}
        rows={3}
        onChange={(event) => props.onChange({ message: event.target.value })}
      />
      <label className="gb-field" htmlFor={`${id}-mode`}>
        {t.stepType}
      </label>
      <select
        id={`${id}-mode`}
        className="gb-input"
        value={step.mode ?? ""}
        onChange={(event) => props.onChange({ mode: event.target.value })}
      >
        {stepModes.map((mode) => (
          <option key={mode} value={mode}>
            {modeLabels[mode]}
          </option>
        ))}
      </select>
    </li>
  );
}

function TooltipFields(props: {
  t: BuilderTexts;
  item: Extract<BuilderItem, { kind: "tooltip" }>;
  onChange(item: BuilderItem): void;
  onHighlight(selector: string | null): void;
}) {
  const { t, item } = props;
  const id = useId();
  const tooltip = item.tooltip;
  const change = (patch: Partial<typeof tooltip>) =>
    props.onChange({ ...item, tooltip: { ...tooltip, ...patch } });
  return (
    <div className="gb-step gb-step-open">
      <span className="gb-field">{t.element}</span>
      <div className="gb-step-head">
        <code className="gb-selector">{tooltip.selector}</code>
        <button type="button" className="gb-button" onClick={() => props.onHighlight(tooltip.selector)}>
          {t.show}
        </button>
      </div>
      <label className="gb-field" htmlFor={`${id}-html`}>
        {t.tooltipHtml}
      </label>
      <textarea
        id={`${id}-html`}
        className="gb-input gb-textarea"
        value={tooltip.html}
        maxLength={20_000}
        rows={5}
        onChange={(event) => change({ html: event.target.value })}
      />
      <label className="gb-field" htmlFor={`${id}-mode`}>
        {t.tooltipMode}
      </label>
      <select
        id={`${id}-mode`}
        className="gb-input"
        value={tooltip.mode}
        onChange={(event) => change({ mode: event.target.value === "plain" ? "plain" : "hotspot" })}
      >
        <option value="hotspot">{t.modeHotspot}</option>
        <option value="plain">{t.modePlain}</option>
      </select>
    </div>
  );
}
