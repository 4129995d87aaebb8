import { type CSSProperties, useCallback, useEffect, useRef, useState } from "react";
import { isBlankHtml } from "../../shared/blank-html.ts";
import type { ChecklistProgress, ChecklistStep } from "../../shared/checklist-progress.ts";
import { brandColor, textOn } from "../brand-colors.ts";
import { Avatar } from "../conversations/avatar.tsx";
import { ContentIcon } from "../conversations/content-icons.tsx";
import { RichText } from "../conversations/rich-text.tsx";
import {
  type ApiError,
  ErrorState,
  Icon,
  path,
  type ScreenProps,
  Skeleton,
  toApiError,
  useApiQuery,
  useHostActions,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import {
  type Checklist,
  checklistPath,
  firstOpenStep,
  isStepDone,
  mergePush,
  progressOf,
  type StepTarget,
  stepsOf,
  stepTarget,
} from "./checklist-model.ts";
import { checklistTexts } from "./checklist-texts.ts";
import "../conversations/conversations.css";
import "./checklists.css";

/** Spec §4 and §9: after a step is marked done, the next open step opens 300 ms later. */
export const nextStepDelayMs = 300;

function ChecklistSkeleton() {
  return (
    <div className="screen-content" aria-busy="true">
      <Skeleton lines={4} />
      <Skeleton lines={5} />
    </div>
  );
}

/** An open step's body: its description, its action and "Mark as done", and a failed marking's error. */
function StepPanel({
  step,
  panelId,
  target,
  done,
  marking,
  failed,
  onAct,
  onMarkDone,
}: {
  step: ChecklistStep;
  panelId: string;
  target: StepTarget | null;
  done: boolean;
  marking: boolean;
  failed: boolean;
  onAct(): void;
  onMarkDone(): void;
}) {
  const t = useTexts(checklistTexts);
  return (
    <div className="checklist-step-panel" id={panelId}>
      {!isBlankHtml(step.description) && (
        <RichText html={step.description} className="article-body step-body" />
      )}
      {(target || (step.allowMarkDone && !done)) && (
        <div className="step-actions">
          {target && (
            <button
              type="button"
              className={done ? "button button--secondary" : "button button--primary"}
              onClick={onAct}
              data-testid="step-action"
            >
              {step.actionTitle || t("checklist.action")}
              {target.kind === "url" && <ContentIcon name="external" size={16} />}
            </button>
          )}
          {step.allowMarkDone && !done && (
            <button
              type="button"
              className={target ? "button button--ghost step-mark-done" : "button button--primary"}
              onClick={onMarkDone}
              disabled={marking}
              aria-busy={marking || undefined}
              data-testid="step-mark-done"
            >
              {marking ? (
                <span className="button-spinner" aria-hidden="true" />
              ) : (
                <Icon name="check" size={16} />
              )}
              {marking ? t("checklist.marking") : t("checklist.markDone")}
            </button>
          )}
        </div>
      )}
      {failed && (
        <p className="field-error" role="alert" data-testid="step-failed">
          <Icon name="alert" size={14} />
          {t("checklist.markFailed")}
        </p>
      )}
    </div>
  );
}

function StepView({
  step,
  index,
  done,
  open,
  marking,
  failed,
  onToggle,
  onMarkDone,
}: {
  step: ChecklistStep;
  index: number;
  done: boolean;
  open: boolean;
  marking: boolean;
  failed: boolean;
  onToggle(): void;
  onMarkDone(): void;
}) {
  const t = useTexts(checklistTexts);
  const { navigator, host } = useShell();
  const { openUrl } = useHostActions();
  const target = stepTarget(step);
  const panelId = `checklist-step-${step.id}`;
  const act = () => {
    if (!target) return;
    if (target.kind === "screen") navigator.push(target.screen);
    else if (target.kind === "url") openUrl(target.url, target.newTab);
    else host.send({ name: "run-custom-action", data: target.action });
  };
  return (
    <li
      className={["checklist-step", done ? "is-done" : "", open ? "is-open" : ""].filter(Boolean).join(" ")}
      data-testid="checklist-step"
      data-step={step.id}
      data-done={done ? "true" : "false"}
    >
      <h3 className="checklist-step-heading">
        <button
          type="button"
          className="checklist-step-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="step-mark" aria-hidden="true">
            {done ? <Icon name="check" size={16} /> : index + 1}
          </span>
          <span className="step-title" dir="auto">
            {step.title || t("checklist.step", { index: index + 1 })}
          </span>
          <span className="visually-hidden">{done ? t("checklist.stepDone") : t("checklist.stepOpen")}</span>
          {step.duration > 0 && !done && (
            <span className="step-duration">{t("checklist.minutes", { count: step.duration })}</span>
          )}
          <ContentIcon name="chevronDown" size={18} className="step-chevron" />
        </button>
      </h3>
      {open && (
        <StepPanel
          step={step}
          panelId={panelId}
          target={target}
          done={done}
          marking={marking}
          failed={failed}
          onAct={act}
          onMarkDone={onMarkDone}
        />
      )}
    </li>
  );
}

/**
 * Which step is open, which one is being marked done or failed to be: marking one done opens the next
 * open step a moment later, and a step ticked elsewhere (another tab, a teammate) moves on too.
 */
function useChecklistSteps(checklist: Checklist) {
  const { api, queries, realtime } = useShell();
  const [openStep, setOpenStep] = useState<string | null>(() => firstOpenStep(checklist));
  const [marking, setMarking] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const target = checklistPath(checklist.id);

  // Other tabs and teammates (shared checklists) tick steps too: their progress arrives by push.
  useEffect(
    () =>
      realtime.subscribe("checklist", (push) => {
        const current = queries.read<Checklist>(target);
        if (current.status !== "ready") return;
        const merged = mergePush(current.data, push);
        if (merged === current.data) return;
        queries.set(target, merged);
        queries.invalidate("/checklists");
        // The step that showed was ticked elsewhere: the next open one shows.
        setOpenStep((open) => (open && merged.completedSteps.includes(open) ? firstOpenStep(merged) : open));
      }),
    [realtime, queries, target],
  );

  const markDone = useCallback(
    async (step: ChecklistStep) => {
      setMarking(step.id);
      setFailed(null);
      try {
        const answer = await api.put<Checklist>(
          `${path`/outbound/checklists/${checklist.id}/increment/${step.id}`}?convertTipTap=true`,
        );
        queries.set(target, answer);
        queries.invalidate("/checklists");
        queries.invalidate("/messenger/home");
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setOpenStep(firstOpenStep(answer)), nextStepDelayMs);
      } catch {
        setFailed(step.id);
      } finally {
        setMarking(null);
      }
    },
    [api, queries, checklist.id, target],
  );
  const toggle = (id: string) => setOpenStep((open) => (open === id ? null : id));
  return { openStep, marking, failed, markDone, toggle };
}

/** The checklist's info card: who sends it, its subject and message, and the progress bar. */
function ChecklistInfo({ checklist, progress }: { checklist: Checklist; progress: ChecklistProgress }) {
  const t = useTexts(checklistTexts);
  const outbound = checklist.outbound;
  const sender = outbound?.sender?.firstName ?? "";
  return (
    <section className="card checklist-info" aria-labelledby="checklist-title">
      {sender && (
        <p className="checklist-sender">
          <Avatar name={sender} url={outbound.sender.profileImageUrl || null} size={28} />
          <span dir="auto">{t("checklist.from", { name: sender })}</span>
        </p>
      )}
      <h2 className="checklist-title" id="checklist-title" dir="auto" tabIndex={-1}>
        {outbound?.subject}
      </h2>
      {!isBlankHtml(outbound?.message) && (
        <RichText html={outbound.message} className="article-body checklist-message" />
      )}
      <div className="checklist-progress">
        <span className="checklist-progress-labels">
          <span data-testid="checklist-progress">
            {t("checklist.progress", { a: progress.done, b: progress.total })}
          </span>
          {progress.minutesLeft > 0 && !progress.complete && (
            <span className="time">{t("checklist.timeLeft", { a: progress.minutesLeft })}</span>
          )}
        </span>
        <span
          className="progress checklist-bar"
          role="progressbar"
          aria-label={t("checklist.progress", { a: progress.done, b: progress.total })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
        >
          <span className="progress-bar" style={{ width: `${progress.percent}%` }} />
        </span>
      </div>
    </section>
  );
}

/** What a completed checklist shows: its success title and message, or the defaults. */
function ChecklistSuccess({ checklist }: { checklist: Checklist }) {
  const t = useTexts(checklistTexts);
  const config = checklist.outbound?.config;
  const successMessage = config?.successMessage;
  return (
    <section className="card checklist-success" role="status" data-testid="checklist-success">
      <span className="success-mark checklist-trophy">
        <ContentIcon name="trophy" size={28} />
      </span>
      <h3 className="checklist-success-title" dir="auto">
        {config?.successTitle || t("checklist.successTitle")}
      </h3>
      {isBlankHtml(successMessage) ? (
        <p className="checklist-success-text">{t("checklist.successMessage")}</p>
      ) : (
        <RichText html={successMessage} className="article-body checklist-success-text" />
      )}
    </section>
  );
}

function ChecklistView({ checklist }: { checklist: Checklist }) {
  const t = useTexts(checklistTexts);
  const steps = stepsOf(checklist);
  const progress = progressOf(checklist);
  const { openStep, marking, failed, markDone, toggle } = useChecklistSteps(checklist);
  const color = checklist.outbound?.config?.color ? brandColor(checklist.outbound.config.color, "") : "";
  const style = color ? ({ "--brand": color, "--on-brand": textOn(color) } as CSSProperties) : undefined;
  return (
    <div className="screen-content checklist-page" style={style} data-testid="checklist">
      <ChecklistInfo checklist={checklist} progress={progress} />
      {progress.complete && <ChecklistSuccess checklist={checklist} />}
      {steps.length === 0 ? (
        <p className="card checklist-empty">{t("checklist.noSteps")}</p>
      ) : (
        <ol className="card checklist-steps" aria-label={t("checklist.steps")}>
          {steps.map((step, index) => (
            <StepView
              key={step.id}
              step={step}
              index={index}
              done={isStepDone(checklist, step)}
              open={openStep === step.id}
              marking={marking === step.id}
              failed={failed === step.id}
              onToggle={() => toggle(step.id)}
              onMarkDone={() => void markDone(step)}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

/** Starts an outbound checklist for this session (or finds the instance it has): its id. */
function useChecklistId(screen: ScreenProps<"checklist">["screen"]) {
  const { api } = useShell();
  const given = "checklistId" in screen ? screen.checklistId : null;
  const outboundId = "outboundId" in screen ? screen.outboundId : null;
  const sharedKey = "sharedKey" in screen ? screen.sharedKey : undefined;
  const [state, setState] = useState<{ id: string | null; error: ApiError | null }>({
    id: given,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` starts it again (Retry)
  useEffect(() => {
    if (given || !outboundId) return;
    let live = true;
    setState({ id: null, error: null });
    api
      .post<{ id: string }>("/outbound/checklists", { outboundId, ...(sharedKey ? { sharedKey } : {}) })
      .then((answer) => live && setState({ id: answer.id, error: null }))
      .catch((failure) => live && setState({ id: null, error: toApiError(failure) }));
    return () => {
      live = false;
    };
  }, [api, given, outboundId, sharedKey, attempt]);
  return { ...state, retry: () => setAttempt((count) => count + 1) };
}

/**
 * A checklist (`open-checklist` by id, `start-checklist` by outbound and shared key, or from the
 * list): started if needed, its steps with the first open one expanded, "Mark as done", progress,
 * the success view, step actions that lead to messenger screens or the host, and live updates.
 */
export default function ChecklistScreen({ screen }: ScreenProps<"checklist">) {
  const started = useChecklistId(screen);
  const checklist = useApiQuery<Checklist>(started.id ? checklistPath(started.id) : null);
  if (started.error) return <ErrorState error={started.error} onRetry={started.retry} />;
  if (checklist.status === "error") return <ErrorState error={checklist.error} onRetry={checklist.retry} />;
  if (!checklist.data) return <ChecklistSkeleton />;
  return <ChecklistView key={checklist.data.id} checklist={checklist.data} />;
}
