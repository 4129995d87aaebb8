import { useEffect, useState } from "react";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { showToast } from "../shell/overlay/toast-store.ts";

/** How long the button says "Copied" after a copy. */
const copiedMs = 2000;

/**
 * Copies `text` to the clipboard and says so on the button for two seconds (and to a screen reader,
 * through the button's live text). Where the browser refuses (no permission, an insecure origin) a toast
 * says to copy by hand; the text stays selectable beside the button.
 */
export function CopyButton({
  text,
  label,
  testId,
  copiedLabel,
  failedHeading = "projects.copyFailed",
}: {
  text: string;
  label: string;
  testId?: string;
  /** For areas that do not load the project texts (content's embed code): their own words. */
  copiedLabel?: string;
  failedHeading?: MessageId;
}) {
  const { t } = useT();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      showToast({ type: "warning", heading: failedHeading });
    }
  };

  return (
    <Button variant="secondary" size="sm" onClick={copy} data-testid={testId} aria-live="polite">
      {copied ? (copiedLabel ?? t("projects.copied")) : label}
    </Button>
  );
}
