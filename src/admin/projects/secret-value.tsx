import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { CopyButton } from "./copy-button.tsx";

/**
 * A secret shown as dots until revealed (a shoulder-surfed one is as good as a leaked one), with its
 * reveal toggle and a copy button: the identity secret and each webhook's signing secret. Whether it is
 * revealed is the caller's, since a rotation reveals the new one.
 */
export function SecretValue({
  value,
  revealed,
  onToggle,
  testId,
  texts,
}: {
  value: string;
  revealed: boolean;
  onToggle: () => void;
  testId: string;
  texts: { reveal: MessageId; hide: MessageId; copy: MessageId };
}) {
  const { t } = useT();
  return (
    <>
      <code className="inline-code secret-value" data-testid={testId}>
        {revealed ? value : "•".repeat(24)}
      </code>
      <Button variant="secondary" size="sm" onClick={onToggle} aria-pressed={revealed}>
        {t(revealed ? texts.hide : texts.reveal)}
      </Button>
      <CopyButton text={value} label={t(texts.copy)} />
    </>
  );
}
