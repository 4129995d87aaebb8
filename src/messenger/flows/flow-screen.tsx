import type { FeedbackFlow } from "../../shared/feedback-flows-api.ts";
import { path } from "../shell/api-client.ts";
import { Icon } from "../shell/icons.tsx";
import type { ScreenProps } from "../shell/screen-registry.ts";
import { ServerText } from "../shell/server-text.tsx";
import { useApiQuery, useScreenTitle, useTexts } from "../shell/shell-context.tsx";
import { AlertBox, ErrorState, Skeleton, SubmitButton } from "../shell/states.tsx";
import { FlowFieldView } from "./flow-fields.tsx";
import { FlowSuccess } from "./flow-success.tsx";
import { flowTexts } from "./flow-texts.ts";
import { useFlowForm } from "./use-flow-form.ts";
import "./flows.css";

function FlowForm({ flow }: { flow: FeedbackFlow }) {
  const t = useTexts(flowTexts);
  const form = useFlowForm(flow);
  const { phase, errors } = form;
  const errorCount = Object.keys(errors).length;
  if (phase.name === "sent") return <FlowSuccess flow={flow} shortId={phase.shortId} />;
  if (phase.name === "queued") return <FlowSuccess flow={flow} shortId={null} queued />;

  const sending = phase.name === "sending";
  return (
    <form className="flow-form" onSubmit={form.submit} noValidate data-testid="flow-form">
      <ServerText as="p" className="flow-description" text={flow.description} />
      {form.showRestored && (
        <div className="note" role="status">
          <span>{t("flow.draftRestored")}</span>
          <button type="button" className="button button--ghost" onClick={form.discardDraft}>
            {t("flow.discardDraft")}
          </button>
        </div>
      )}
      <fieldset className="flow-fields" disabled={sending}>
        {flow.fields.map((field) => (
          <FlowFieldView
            key={field.key}
            field={field}
            value={form.values[field.key] ?? null}
            error={errors[field.key] ?? null}
            onChange={(value) => form.change(field.key, value)}
            t={t}
            capture={form.captureActions(field.key)}
          />
        ))}
      </fieldset>
      <div className="flow-footer">
        <p className="visually-hidden" aria-live="polite">
          {errorCount > 0 ? t("flow.fixErrors", { count: errorCount }) : ""}
        </p>
        {phase.name === "failed" && (
          <AlertBox testId="flow-failed">
            <strong>{phase.reason === "timeout" ? t("flow.noAnswer") : t("flow.failed")}</strong>{" "}
            {t("flow.failedHint")}
          </AlertBox>
        )}
        <SubmitButton
          busy={sending}
          busyText={t("flow.sending")}
          className="button button--primary button--wide"
          testId="flow-submit"
        >
          {phase.name === "failed" ? (
            t("flow.retry")
          ) : (
            <>
              {t("flow.submit")}
              <Icon name="send" size={16} />
            </>
          )}
        </SubmitButton>
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
 * `feedback-queued` or `feedback-sending-failed`), a thank-you with the report's short id (or, for a
 * report kept while offline, that it will be sent when the visitor is back online), and a draft that keeps what the
 * visitor typed across failures, Back and closing.
 */
export default function FlowScreen({ screen }: ScreenProps<"flow">) {
  const flow = useApiQuery<FeedbackFlow>(path`/flows/${screen.flowKey}`);
  useScreenTitle(flow.data?.title);
  if (flow.status === "loading") return <FlowSkeleton />;
  if (flow.status === "error" || !flow.data) return <ErrorState error={flow.error} onRetry={flow.retry} />;
  return <FlowForm key={flow.data.key} flow={flow.data} />;
}
