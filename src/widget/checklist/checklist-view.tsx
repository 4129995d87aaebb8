import type { CSSProperties } from "react";
import { isBlankHtml, safeHtml } from "../common/safe-html.ts";
import type { ChecklistAttributes } from "./checklist-attributes.ts";
import { type Checklist, type ChecklistStep, isComplete, isStepDone, progressOf } from "./checklist-model.ts";
import { textOnColor } from "./checklist-styles.ts";
import type { ChecklistTexts } from "./checklist-texts.ts";

/**
 * What the checklist element draws (spec §2 "Checklist element"): the info section, progress labels
 * and bar, the steps (one open at a time) and the success view; in floating mode a launcher with the
 * progress that opens the steps over the page. Stateless: the element holds the state and passes it in.
 */

export interface ChecklistViewProps {
  attributes: ChecklistAttributes;
  checklist: Checklist;
  active: number;
  texts: ChecklistTexts;
  color: string;
  rtl: boolean;
  floatingOpen: boolean;
  /** The floating panel opens above the launcher (the launcher sits low in the window). */
  floatingUp: boolean;
  onToggle(index: number): void;
  onMarkDone(index: number): void;
  onAction(index: number): void;
  /** The pointer entered (true) or left (false) the floating launcher and its steps. */
  onFloatingHover(inside: boolean): void;
  /** A click on the floating launcher (also the keyboard's way): opens or closes the steps. */
  onFloatingToggle(): void;
}

function CheckIcon({ size = 16 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="m5 12.5 4.5 4.5L19 7.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Chevron() {
  return (
    <svg
      className="gc-chevron"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="m6 9 6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Admin-written HTML, rebuilt from an allow-list before React puts it in (safe-html.ts). */
function Rich({ html, className = "" }: { html: string; className?: string }) {
  if (isBlankHtml(html)) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: safeHtml rebuilds the markup from allow-listed parts.
  return <div className={`gc-rich ${className}`} dangerouslySetInnerHTML={{ __html: safeHtml(html) }} />;
}

function Progress({ checklist, texts }: { checklist: Checklist; texts: ChecklistTexts }) {
  const { done, total, percent, minutesLeft } = progressOf(checklist);
  if (total === 0) return null;
  return (
    <div className="gc-progress">
      <div className="gc-labels">
        <span data-testid="checklist-progress">{texts("taskProgress", { a: done, b: total })}</span>
        {minutesLeft > 0 && <span>{texts("aboutMinutes", { a: minutesLeft })}</span>}
      </div>
      <ProgressBar percent={percent} label={texts("taskProgress", { a: done, b: total })} />
    </div>
  );
}

function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="gc-bar"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-valuetext={label}
    >
      <div className="gc-bar-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

function Task({
  step,
  index,
  done,
  open,
  texts,
  id,
  onToggle,
  onMarkDone,
  onAction,
}: {
  step: ChecklistStep;
  index: number;
  done: boolean;
  open: boolean;
  texts: ChecklistTexts;
  id: string;
  onToggle(): void;
  onMarkDone(): void;
  onAction(): void;
}) {
  const title = step.title || texts("stepDefaultTitle", { index: index + 1 });
  const bodyId = `${id}-step-${index}`;
  return (
    <li
      className={["gc-task", done ? "gc-done" : "", open ? "gc-open" : ""].filter(Boolean).join(" ")}
      data-step={step.id}
      data-done={done ? "true" : "false"}
    >
      <button
        type="button"
        className="gc-task-header"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        <span className="gc-badge" aria-hidden="true">
          {done ? <CheckIcon /> : index + 1}
        </span>
        <span className="gc-task-title">
          {title}
          {done && <span style={visuallyHidden}> ({texts("stepDone")})</span>}
        </span>
        <Chevron />
      </button>
      <div className="gc-task-body" id={bodyId} inert={!open}>
        <div className="gc-task-inner">
          <div className="gc-task-content">
            <Rich html={step.description} />
            {(step.action || (step.allowMarkDone && !done)) && (
              <div className="gc-actions">
                {step.action && (
                  <button type="button" className="gc-button" onClick={onAction}>
                    {step.actionTitle || texts("actionDefaultTitle")}
                  </button>
                )}
                {step.allowMarkDone && !done && (
                  <button type="button" className="gc-mark" onClick={onMarkDone}>
                    <CheckIcon />
                    {texts("markAsDone")}
                  </button>
                )}
              </div>
            )}
          </div>
        </div>
      </div>
    </li>
  );
}

const visuallyHidden: CSSProperties = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
};

function Tasks(props: ChecklistViewProps & { id: string }) {
  const { checklist, active, texts, id } = props;
  if (checklist.steps.length === 0) return <p className="gc-empty">{texts("noStepsDefined")}</p>;
  return (
    <ol className="gc-tasks">
      {checklist.steps.map((step, index) => (
        <Task
          key={step.id}
          id={id}
          step={step}
          index={index}
          done={isStepDone(checklist, step)}
          open={active === index}
          texts={texts}
          onToggle={() => props.onToggle(index)}
          onMarkDone={() => props.onMarkDone(index)}
          onAction={() => props.onAction(index)}
        />
      ))}
    </ol>
  );
}

function Success({ checklist, texts }: { checklist: Checklist; texts: ChecklistTexts }) {
  return (
    <div className="gc-success" data-testid="checklist-success">
      <span className="gc-success-icon" aria-hidden="true">
        <CheckIcon size={24} />
      </span>
      <h3 className="gc-title">{checklist.successTitle || texts("successDefaultTitle")}</h3>
      <Rich html={checklist.successMessage || texts("successDefaultMessage")} />
    </div>
  );
}

/** A web address or an inline picture (the demo's avatars): an image source never runs script. */
const avatarSource = /^(?:https?:\/\/|data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,])/i;

function Info({ checklist, texts }: { checklist: Checklist; texts: ChecklistTexts }) {
  const { sender } = checklist;
  return (
    <div className="gc-info">
      <h3 className="gc-title">{checklist.subject || texts("checklistDefaultTitle")}</h3>
      <Rich html={checklist.message} />
      {(sender.profileImageUrl || sender.firstName) && (
        <div className="gc-sender">
          {avatarSource.test(sender.profileImageUrl) && <img src={sender.profileImageUrl} alt="" />}
          <span>{sender.firstName}</span>
        </div>
      )}
    </div>
  );
}

/** A ring filling up with the progress, the launcher's badge. */
function ProgressRing({ percent }: { percent: number }) {
  const radius = 11;
  const length = 2 * Math.PI * radius;
  return (
    <svg className="gc-ring" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <circle cx="14" cy="14" r={radius} fill="none" stroke="var(--gc-track)" strokeWidth="3.5" />
      {percent > 0 && (
        <circle
          cx="14"
          cy="14"
          r={radius}
          fill="none"
          stroke="var(--gc-brand)"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeDasharray={`${(percent / 100) * length} ${length}`}
          transform="rotate(-90 14 14)"
        />
      )}
    </svg>
  );
}

/** Floating mode: a launcher with the progress; hovering or clicking it opens the steps over the page. */
function Floating(props: ChecklistViewProps & { id: string; done: boolean }) {
  const { checklist, texts, floatingOpen, floatingUp, done, id } = props;
  const { done: count, total, percent, minutesLeft } = progressOf(checklist);
  const title = done
    ? checklist.successTitle || texts("successDefaultTitle")
    : checklist.subject || texts("checklistDefaultTitle");
  const progress = texts("taskProgress", { a: count, b: total });
  // Spec §4: a done launcher is not clickable.
  if (done)
    return (
      <div className="gc-launcher gc-done" data-testid="checklist-success">
        <span className="gc-badge" aria-hidden="true">
          <CheckIcon />
        </span>
        <span className="gc-launcher-text">
          <span className="gc-launcher-title">{title}</span>
        </span>
      </div>
    );
  const panelId = `${id}-panel`;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover opens the panel for the pointer; the launcher button is the keyboard's way in.
    <div
      className="gc-floating-wrap"
      onMouseEnter={() => props.onFloatingHover(true)}
      onMouseLeave={() => props.onFloatingHover(false)}
    >
      <button
        type="button"
        className="gc-launcher"
        aria-expanded={floatingOpen}
        aria-controls={panelId}
        onClick={props.onFloatingToggle}
      >
        <ProgressRing percent={percent} />
        <span className="gc-launcher-text">
          <span className="gc-launcher-title">{title}</span>
          {props.attributes.progressbar && (
            <span className="gc-launcher-count">
              {minutesLeft > 0 ? `${progress} · ${texts("aboutMinutes", { a: minutesLeft })}` : progress}
            </span>
          )}
        </span>
        <Chevron />
      </button>
      {floatingOpen && (
        <div className={`gc-panel gc-card${floatingUp ? " gc-up" : ""}`} id={panelId}>
          <Tasks {...props} />
        </div>
      )}
    </div>
  );
}

export function ChecklistView(props: ChecklistViewProps & { id: string }) {
  const { checklist, attributes, texts, color, rtl } = props;
  const done = isComplete(checklist);
  const style = {
    "--gc-brand": color,
    "--gc-brand-soft": `color-mix(in srgb, ${color} 14%, transparent)`,
    "--gc-on-brand": textOnColor(color),
  } as CSSProperties;
  const className = ["gc", attributes.dark ? "gc-dark" : "", attributes.floating ? "gc-floating" : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className} style={style} dir={rtl ? "rtl" : undefined} data-checklist={checklist.id}>
      {attributes.floating ? (
        <Floating {...props} done={done} />
      ) : (
        <div className="gc-card">
          {done ? (
            <Success checklist={checklist} texts={texts} />
          ) : (
            <>
              {attributes.info && <Info checklist={checklist} texts={texts} />}
              {attributes.progressbar && <Progress checklist={checklist} texts={texts} />}
              <Tasks {...props} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
