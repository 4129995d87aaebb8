import { useEffect, useRef, useState } from "react";
import { safeLinkUrl } from "../../shared/tiptap-html.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";

/**
 * The address of a link, asked under the toolbar. Not a <form>: the editor sits inside the content
 * form, and forms do not nest, so Enter applies and Escape cancels by hand. An address the visitor's
 * rendering would drop (`javascript:`, `data:`) is refused here rather than vanishing later.
 */
export function LinkForm({
  id,
  initial,
  linked,
  onApply,
  onRemove,
  onCancel,
}: {
  id: string;
  initial: string;
  /** The caret is in a link already: it may be removed. */
  linked: boolean;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  const [address, setAddress] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const apply = () => {
    const href = safeLinkUrl(address.trim());
    if (href === null) {
      setInvalid(true);
      return;
    }
    onApply(href);
  };

  return (
    <div className="rich-text-link-form">
      <label htmlFor={id}>{t("richText.linkAddress")}</label>
      <div className="rich-text-link-row">
        <input
          ref={input}
          id={id}
          type="url"
          inputMode="url"
          value={address}
          placeholder="https://"
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setAddress(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            } else if (event.key === "Escape") {
              event.preventDefault();
              onCancel();
            }
          }}
        />
        <Button size="sm" onClick={apply}>
          {t("richText.linkApply")}
        </Button>
        {linked && (
          <Button size="sm" variant="secondary" onClick={onRemove}>
            {t("richText.linkRemove")}
          </Button>
        )}
        <Button size="sm" variant="tertiary" onClick={onCancel}>
          {t("richText.linkCancel")}
        </Button>
      </div>
      {invalid && (
        <p className="form-error field-error" id={`${id}-error`}>
          {t("richText.linkInvalid")}
        </p>
      )}
    </div>
  );
}
