import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { FeedbackFlow } from "../../shared/feedback-flows-api.ts";
import { useHostActions, useMessengerState, useShell } from "../shell/shell-context.tsx";
import { fieldId } from "./flow-fields.tsx";
import {
  captureForField,
  capturePreviewKeys,
  type DraftStore,
  draftStore,
  type FieldValue,
  type FormValues,
  feedbackMessage,
  formErrors,
  initialValues,
} from "./flow-form.ts";

/** How long the frame waits for the host's answer to `send-feedback` before it offers Retry. */
export const sendTimeoutMs = 30_000;

export type FlowPhase =
  | { name: "editing" }
  | { name: "sending" }
  | { name: "sent"; shortId: string | null }
  /** The host kept the report to send when the network is back (`feedback-queued`). */
  | { name: "queued" }
  /** The host answered `feedback-sending-failed`, or did not answer in time. */
  | { name: "failed"; reason: "host" | "timeout" };

function shortIdOf(answer: unknown): string | null {
  const shortId = (answer as { shortId?: unknown } | null)?.shortId;
  return typeof shortId === "string" && shortId !== "" ? shortId : null;
}

/**
 * The host's answer to our `send-feedback` while it is on its way: sent or kept to send later (the
 * draft goes), or failed.
 */
function useFeedbackAnswer(phase: FlowPhase, setPhase: (phase: FlowPhase) => void, draft: DraftStore) {
  const { store } = useShell();
  const { send } = useHostActions();
  useEffect(() => {
    if (phase.name !== "sending") return;
    const since = store.get().feedback?.seq ?? 0;
    const timer = setTimeout(() => setPhase({ name: "failed", reason: "timeout" }), sendTimeoutMs);
    const stop = store.subscribe(() => {
      const answer = store.get().feedback;
      if (!answer || answer.seq <= since) return;
      clearTimeout(timer);
      if (answer.status === "failed") return setPhase({ name: "failed", reason: "host" });
      // Sent or kept by the host: either way the report no longer needs the draft.
      draft.clear();
      for (const key of ["capture", ...capturePreviewKeys]) store.clearFormData(key);
      send({ name: "cleanup-drawings" });
      setPhase(
        answer.status === "sent" ? { name: "sent", shortId: shortIdOf(answer.answer) } : { name: "queued" },
      );
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [phase.name, store, draft, send, setPhase]);
}

/**
 * A capture field's requests to the host's editor, and whether one is on its way. The widget comes
 * back when the capture editor closes: with a capture (it arrives as form data) or dismissed; either
 * way the field stops waiting.
 */
function useCapture(setValues: (change: (old: FormValues) => FormValues) => void) {
  const { store } = useShell();
  const { send } = useHostActions();
  const [capturing, setCapturing] = useState(false);
  const widgetOpen = useMessengerState((state) => state.widgetOpen);
  useEffect(() => {
    if (widgetOpen) setCapturing(false);
  }, [widgetOpen]);
  const actions = (key: string) => ({
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
  const stopWaiting = useCallback(() => setCapturing(false), []);
  return { actions, stopWaiting };
}

/**
 * What the host sets later (a capture, `preFillForm`) fills the fields the visitor has not touched; a
 * capture that arrives ends the capture field's wait.
 */
function useHostFormData(
  flow: FeedbackFlow,
  touched: ReadonlySet<string>,
  setValues: (change: (old: FormValues) => FormValues) => void,
  stopWaiting: () => void,
) {
  const { store } = useShell();
  const session = useMessengerState((state) => state.session);
  const formDataSeq = useMessengerState((state) => state.formDataSeq);
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
        } else if (!touched.has(field.key)) next[field.key] = fromHost[field.key] ?? null;
      }
      return next;
    });
    if (flow.fields.some((field) => field.type === "capture" && captureForField(field, formData)))
      stopWaiting();
  }, [formDataSeq, flow, session, store, stopWaiting, touched, setValues]);
}

/**
 * A feedback flow's form state: the values (pre-filled, restored from the draft, filled later by the
 * host), the rules they break once the visitor tried to send, and sending through the host.
 */
export function useFlowForm(flow: FeedbackFlow) {
  const { store } = useShell();
  const { send } = useHostActions();
  const session = useMessengerState((state) => state.session);
  const sdkKey = useMessengerState((state) => state.sdkKey) ?? "";
  const draft = useMemo(() => draftStore(sdkKey, flow.key), [sdkKey, flow.key]);

  const [restored] = useState(() => draft.load());
  const [values, setValues] = useState<FormValues>(() =>
    initialValues(flow, { session, formData: store.get().formData, draft: restored }),
  );
  const [showRestored, setShowRestored] = useState(
    () => restored !== null && Object.keys(restored).length > 0,
  );
  const [submitted, setSubmitted] = useState(false);
  const [phase, setPhase] = useState<FlowPhase>({ name: "editing" });
  const capture = useCapture(setValues);
  const touched = useRef(new Set<string>(Object.keys(restored ?? {})));
  const errors = submitted ? formErrors(flow, values) : {};

  // As the reference's frame does: the host pins the web replay to this flow and forgets an earlier
  // flow's capture.
  useEffect(() => {
    send({ name: "notify-event", data: { type: "flow-started", data: { flow: flow.key } } });
  }, [send, flow.key]);

  useHostFormData(flow, touched.current, setValues, capture.stopWaiting);

  useFeedbackAnswer(phase, setPhase, draft);

  const change = (key: string, value: FieldValue) => {
    touched.current.add(key);
    setValues((old) => {
      const next = { ...old, [key]: value };
      draft.save(next);
      return next;
    });
  };

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

  return {
    values,
    errors,
    phase,
    showRestored,
    change,
    captureActions: capture.actions,
    submit,
    discardDraft,
  };
}
