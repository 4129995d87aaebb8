import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "./button.tsx";

/** A load that failed: what went wrong (`error`) and the button that asks again (`retry`). */
export function RetryPanel({
  error,
  retry = "list.retry",
  onRetry,
}: {
  error: MessageId;
  retry?: MessageId;
  onRetry: () => void;
}) {
  const { t } = useT();
  return (
    <div className="state-panel" role="alert">
      <p>{t(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t(retry)}
      </Button>
    </div>
  );
}
