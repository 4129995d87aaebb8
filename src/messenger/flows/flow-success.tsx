import type { FeedbackFlow } from "../../shared/messenger-api.ts";
import { Icon } from "../shell/icons.tsx";
import { useHostActions, useShell, useTexts } from "../shell/shell-context.tsx";
import { flowTexts } from "./flow-texts.ts";

/** The thank-you after the host sent the report: the flow's message, the report's short id, Done. */
export function FlowSuccess({ flow, shortId }: { flow: FeedbackFlow; shortId: string | null }) {
  const t = useTexts(flowTexts);
  const { navigator } = useShell();
  const { close } = useHostActions();
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
