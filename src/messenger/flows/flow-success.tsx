import type { FeedbackFlow } from "../../shared/feedback-flows-api.ts";
import { Icon } from "../shell/icons.tsx";
import { useHostActions, useShell, useTexts } from "../shell/shell-context.tsx";
import { flowTexts } from "./flow-texts.ts";

/**
 * The thank-you after the host sent the report: the flow's message, the report's short id, Done. A
 * report the host kept to send later (`queued`, offline) is thanked for without saying it arrived.
 */
export function FlowSuccess({
  flow,
  shortId,
  queued = false,
}: {
  flow: FeedbackFlow;
  shortId: string | null;
  queued?: boolean;
}) {
  const t = useTexts(flowTexts);
  const { navigator } = useShell();
  const { close } = useHostActions();
  return (
    <div className="flow-success" data-testid={queued ? "flow-queued" : "flow-success"}>
      <span className="success-mark">
        <Icon name="check" size={30} />
      </span>
      <h2 className="success-title" tabIndex={-1}>
        {t("flow.thanks")}
      </h2>
      <p className="success-text" dir="auto">
        {queued ? t("flow.queued") : flow.successMessage || t("flow.thanksDefault")}
      </p>
      {shortId && (
        <p className="reference" data-testid="flow-reference">
          {t("flow.reference", { id: shortId })}
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
}
