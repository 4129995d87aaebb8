import { type ReactNode, useId, useMemo } from "react";
import type { BuilderStep } from "../../shared/builder-messages.ts";
import { SaveButton } from "./builder-bar.tsx";
import { type BuilderItem, moveStep, stepModes } from "./builder-item.ts";
import { type BuilderTexts, fill } from "./builder-texts.ts";
import type { Builder } from "./use-builder.ts";

/** A labelled text box of the editor (a textarea when it has `rows`). */
function TextField(props: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  rows?: number;
  onChange(value: string): void;
}) {
  const { id, rows } = props;
  return (
    <>
      <label className="gb-field" htmlFor={id}>
        {props.label}
      </label>
      {rows ? (
        <textarea
          id={id}
          className="gb-input gb-textarea"
          value={props.value}
          maxLength={props.maxLength}
          rows={rows}
          onChange={(event) => props.onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          className="gb-input"
          value={props.value}
          maxLength={props.maxLength}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </>
  );
}

/** A labelled choice of the editor; `options` are value and label pairs. */
function SelectField(props: {
  id: string;
  label: string;
  value: string;
  options: Array<readonly [string, string]>;
  onChange(value: string): void;
}) {
  return (
    <>
      <label className="gb-field" htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className="gb-input"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </>
  );
}

function IconButton(props: {
  label: string;
  danger?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.danger ? "gb-icon-button gb-danger" : "gb-icon-button"}
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
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
          <IconButton label={t.moveUp} disabled={index === 0} onClick={() => props.onMove(index - 1)}>
            ↑
          </IconButton>
          <IconButton
            label={t.moveDown}
            disabled={index === props.count - 1}
            onClick={() => props.onMove(index + 1)}
          >
            ↓
          </IconButton>
          <IconButton label={t.remove} danger onClick={props.onRemove}>
            ×
          </IconButton>
        </div>
      </div>
      <TextField
        id={`${id}-title`}
        label={t.title}
        value={step.title ?? ""}
        maxLength={200}
        onChange={(title) => props.onChange({ title })}
      />
      <TextField
        id={`${id}-message`}
        label={t.description}
        value={step.message ?? ""}
        maxLength={5000}
        rows={3}
        onChange={(message) => props.onChange({ message })}
      />
      <SelectField
        id={`${id}-mode`}
        label={t.stepType}
        value={step.mode ?? ""}
        options={stepModes.map((mode) => [mode, modeLabels[mode]])}
        onChange={(mode) => props.onChange({ mode })}
      />
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
      <TextField
        id={`${id}-html`}
        label={t.tooltipHtml}
        value={tooltip.html}
        maxLength={20_000}
        rows={5}
        onChange={(html) => change({ html })}
      />
      <SelectField
        id={`${id}-mode`}
        label={t.tooltipMode}
        value={tooltip.mode}
        options={[
          ["hotspot", t.modeHotspot],
          ["plain", t.modePlain],
        ]}
        onChange={(mode) => change({ mode: mode === "plain" ? "plain" : "hotspot" })}
      />
    </div>
  );
}

/** The editor over the whole page: every step of a tour (or the tooltip's fields), then Save. */
export function BuilderEditor(props: {
  t: BuilderTexts;
  builder: Builder;
  item: BuilderItem;
  title: string;
  status: string;
  failed: boolean;
}) {
  const { t, builder, item, title } = props;
  const { setMode } = builder;
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
              selected={builder.selected}
              onSelect={builder.setSelected}
              onChange={(steps) => builder.update({ ...item, steps })}
              onHighlight={builder.highlight}
            />
          ) : (
            <TooltipFields t={t} item={item} onChange={builder.update} onHighlight={builder.highlight} />
          )}
        </div>
        <footer className="gb-panel-foot">
          <p className={props.failed ? "gb-status gb-status-error" : "gb-status"} role="status">
            {props.status}
          </p>
          <button type="button" className="gb-button" onClick={() => setMode("picker")}>
            {item.kind === "tour" ? t.addStep : t.pickAgain}
          </button>
          <SaveButton t={t} builder={builder} />
        </footer>
      </section>
    </div>
  );
}
