import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import type { FeedbackFlow } from "../../shared/messenger-api.ts";
import { path } from "../shell/api-client.ts";
import { Icon } from "../shell/icons.tsx";
import type { ScreenProps } from "../shell/screen-registry.ts";
import {
  useApiQuery,
  useHostActions,
  useMessengerState,
  useScreenTitle,
  useShell,
  useTexts,
} from "../shell/shell-context.tsx";
import { ErrorState, Skeleton } from "../shell/states.tsx";
import { FlowFieldView, fieldId } from "./flow-fields.tsx";
import {
  captureForField,
  capturePreviewKeys,
  draftStore,
  type FieldValue,
  type FormValues,
  feedbackMessage,
  formErrors,
  initialValues,
} from "./flow-form.ts";
import { flowTexts } from "./flow-texts.ts";
import "./flows.css";

/** How long the frame waits for the host's answer to `send-feedback` before it offers Retry. */
export const sendTimeoutMs = 30_000;

type Phase =
  | { name: "editing" }
  | { name: "sending" }
  | { name: "sent"; shortId: string | null }
  /** The host answered `feedback-sending-failed`, or did not answer in time. */
  | { name: "failed"; reason: "host" | "timeout" };

function shortIdOf(answer: unknown): string | null {
  const shortId = (answer as { shortId?: unknown } | null)?.shortId;
  return typeof shortId === "string" && shortId !== "" ? shortId : null;
}

function FlowForm({ flow }: { flow: FeedbackFlow }) {
  const t = useTexts(flowTexts);
  const { store, navigator } = useShell();
  const { send, close } = useHostActions();
  const session = useMessengerState((state) => state.session);
  const sdkKey = useMessengerState((state) => state.sdkKey) ?? "";
  const formDataSeq = useMessengerState((state) => state.formDataSeq);
  const draft = useMemo(() => draftStore(sdkKey, flow.key), [sdkKey, flow.key]);

  const [restored] = useState(() => draft.load());
  const [values, setValues] = useState<FormValues>(() =>
    initialValues(flow, { session, formData: store.get().formData, draft: restored }),
  );
  const [showRestored, setShowRestored] = useState(
    () => restored !== null && Object.keys(restored).length > 0,
  );
  const [submitted, setSubmitted] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: "editing" });
  const [capturing, setCapturing] = useState(false);
  const touched = useRef(new Set<string>(Object.keys(restored ?? {})));
  const formRef = useRef<HTMLFormElement>(null);
  const errors = submitted ? formErrors(flow, values) : {};
  const errorCount = Object.keys(errors).length;

  // As the reference's frame does: the host pins the web replay to this flow and forgets an earlier
  // flow's capture.
  useEffect(() => {
    send({ name: "notify-event", data: { type: "flow-started", data: { flow: flow.key } } });
  }, [send, flow.key]);

  // The widget comes back when the capture editor closes: with a capture (it arrives as form data,
  // below) or dismissed; either way the field stops waiting.
  const widgetOpen = useMessengerState((state) => state.widgetOpen);
  useEffect(() => {
    if (widgetOpen) setCapturing(false);
  }, [widgetOpen]);

  // What the host sets later (a capture, `preFillForm`) fills the fields the visitor has not touched.
  const seenSeq = useRef(formDataSeq);
  useEffect(() => {
    if (formDataSeq === seenSeq.current) return;
    seenSeq.current = formDataSeq;
    const formData = store.get().formData;
    const fromHost = initialValues(flow, { session, formData });
    setValues((old) => {
      const next = { ...old };
      for (const field of flow.fields) {
        if (field.type === "capture") {
          const capture = captureForField(field, formData);
          if (capture) next[field.key] = capture;
        } else if (!touched.current.has(field.key)) next[field.key] = fromHost[field.key] ?? null;
      }
      return next;
    });
    if (flow.fields.some((field) => field.type === "capture" && captureForField(field, formData)))
      setCapturing(false);
  }, [formDataSeq, flow, session, store]);

  // The host's answer to our `send-feedback`.
  useEffect(() => {
    if (phase.name !== "sending") return;
    const since = store.get().feedback?.seq ?? 0;
    const timer = setTimeout(() => setPhase({ name: "failed", reason: "timeout" }), sendTimeoutMs);
    const stop = store.subscribe(() => {
      const answer = store.get().feedback;
      if (!answer || answer.seq <= since) return;
      clearTimeout(timer);
      if (answer.status === "sent") {
        draft.clear();
        for (const key of ["capture", ...capturePreviewKeys]) store.clearFormData(key);
        send({ name: "cleanup-drawings" });
        setPhase({ name: "sent", shortId: shortIdOf(answer.answer) });
      } else setPhase({ name: "failed", reason: "host" });
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [phase.name, store, draft, send]);

  const change = (key: string, value: FieldValue) => {
    touched.current.add(key);
    setValues((old) => {
      const next = { ...old, [key]: value };
      draft.save(next);
      return next;
    });
  };

  const captureActions = (key: string) => ({
    pending: capturing,
    start(type: "screenshot" | "capture") {
      setCapturing(true);
      send({ name: "start-screen-drawing", data: type });
    },
    cancel() {
      setCapturing(false);
      send({ name: "cleanup-drawings" });
    },
    remove() {
      for (const formKey of [key, "capture", ...capturePreviewKeys]) store.clearFormData(formKey);
      send({ name: "cleanup-drawings" });
      setValues((old) => ({ ...old, [key]: null }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phase.name === "sending") return;
    setSubmitted(true);
    const invalid = formErrors(flow, values);
    const first = flow.fields.find((field) => invalid[field.key]);
    if (first) {
      // After React has marked the fields: focus the first one that needs the visitor.
      requestAnimationFrame(() => document.getElementById(fieldId(first))?.focus());
      return;
    }
    setPhase({ name: "sending" });
    send(feedbackMessage(flow, values, session));
  };

  const discardDraft = () => {
    draft.clear();
    touched.current.clear();
    setShowRestored(false);
    setSubmitted(false);
    setValues(initialValues(flow, { session, formData: store.get().formData }));
  };

  if (phase.name === "sent")
    return (
      <div className="flow-success" data-testid="flow-success">
        <span className="success-mark">
          <Icon name="check" size={30} />
        </span>
        <h2 className="success-title" tabIndex={-1}>
          {t("flow.thanks")}
        </h2>
        <p className="success-text" dir="auto">
          {flow.successMessage || t("flow.thanksDefault")}
        </p>
        {phase.shortId && (
          <p className="reference" data-testid="flow-reference">
            {t("flow.reference", { id: phase.shortId })}
          </p>
        )}
        <button
          type="button"
          className="button button--primary button--wide"
          onClick={() => (navigator.canGoBack() ? navigator.back() : close())}
        >
          {navigator.canGoBack() ? t("flow.done") : t("flow.close")}
        </button>
      </div>
    );

  const sending = phase.name === "sending";
  return (
    <form className="flow-form" ref={formRef} onSubmit={submit} noValidate data-testid="flow-form">
      {flow.description && (
        <p className="flow-description" dir="auto">
          {flow.description}
        </p>
      )}
      {showRestored && (
        <div className="note" role="status">
          <span>{t("flow.draftRestored")}</span>
          <button type="button" className="button button--ghost" onClick={discardDraft}>
            {t("flow.discardDraft")}
          </button>
        </div>
      )}
      <fieldset className="flow-fields" disabled={sending}>
        {flow.fields.map((field) => (
          <FlowFieldView
            key={field.key}
            field={field}
            value={values[field.key] ?? null}
            error={errors[field.key] ?? null}
            onChange={(value) => change(field.key, value)}
            t={t}
            capture={captureActions(field.key)}
          />
        ))}
      </fieldset>
      <div className="flow-footer">
        <p className="visually-hidden" aria-live="polite">
          {errorCount > 0 ? t("flow.fixErrors", { count: errorCount }) : ""}
        </p>
        {phase.name === "failed" && (
          <div className="alert" role="alert" data-testid="flow-failed">
            <Icon name="alert" size={18} />
            <span>
              <strong>{phase.reason === "timeout" ? t("flow.noAnswer") : t("flow.failed")}</strong>{" "}
              {t("flow.failedHint")}
            </span>
          </div>
        )}
        <button
          type="submit"
          className="button button--primary button--wide"
          disabled={sending}
          aria-busy={sending || undefined}
          data-testid="flow-submit"
        >
          {sending ? (
            <>
              <span className="button-spinner" aria-hidden="true" />
              {t("flow.sending")}
            </>
          ) : phase.name === "failed" ? (
            t("flow.retry")
          ) : (
            <>
              {t("flow.submit")}
              <Icon name="send" size={16} />
            </>
          )}
        </button>
      </div>
    </form>
  );
}

function FlowSkeleton() {
  return (
    <div className="flow-form" aria-busy="true">
      <Skeleton lines={2} card={false} />
      <span className="skeleton-block" />
      <span className="skeleton-block skeleton-block--tall" />
      <span className="skeleton-block skeleton-block--button" />
    </div>
  );
}

/**
 * A feedback flow (`GET /flows/{key}`): its fields, validation at each field, pre-filled values, a
 * capture through the host's editor, sending through the host (`send-feedback` → `feedback-sent` or
 * `feedback-sending-failed`), a thank-you with the report's short id, and a draft that keeps what the
 * visitor typed across failures, Back and closing.
 */
export default function FlowScreen({ screen }: ScreenProps<"flow">) {
  const flow = useApiQuery<FeedbackFlow>(path`/flows/${screen.flowKey}`);
  useScreenTitle(flow.data?.title);
  if (flow.status === "loading") return <FlowSkeleton />;
  if (flow.status === "error" || !flow.data) return <ErrorState error={flow.error} onRetry={flow.retry} />;
  return <FlowForm key={flow.data.key} flow={flow.data} />;
}
