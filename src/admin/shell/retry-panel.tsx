import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button, type ButtonVariant } from "./button.tsx";

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

/**
 * A load that failed inside a card, said on one line: what went wrong (`error`, placed by `className`),
 * then a small button that asks again (`retry`), in the look of the card's other buttons (`variant`).
 */
export function RetryLine({
  className,
  error,
  retry,
  variant = "secondary",
  onRetry,
}: {
  className: string;
  error: MessageId;
  retry: MessageId;
  variant?: ButtonVariant;
  onRetry: () => void;
}) {
  const { t } = useT();
  return (
    <p className={className} role="alert">
      {t(error)}{" "}
      <Button size="sm" variant={variant} onClick={onRetry}>
        {t(retry)}
      </Button>
    </p>
  );
}
