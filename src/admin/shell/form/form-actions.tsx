import type { ReactNode } from "react";
import { Link } from "wouter";
import { useT } from "../../i18n/intl.ts";
import { Button, type ButtonVariant, buttonClass } from "../button.tsx";
import type { MessagePrefix } from "../message-prefix.ts";

/**
 * A form's footer: the submit button, disabled and saying so while the save is on its way (so a second
 * click sends nothing), then whatever leaves the form (`children`: a cancel link or button).
 */
export function FormActions({
  busy,
  busyLabel,
  submitLabel,
  variant,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  submitLabel: string;
  variant?: ButtonVariant;
  children?: ReactNode;
}) {
  return (
    <div className="page-actions">
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
      {children}
    </div>
  );
}

/** The message prefixes with a create-or-edit form's footer texts. */
type RecordFormActionsPrefix = MessagePrefix<".saving", ".save" | ".create" | ".cancel">;

/**
 * A create-or-edit form's footer: `{messages}.create` (`.save` when `editing`), reading `.saving` while
 * the save is on its way, and `.cancel` back to `cancelHref`.
 */
export function RecordFormActions({
  messages,
  editing,
  busy,
  cancelHref,
}: {
  messages: RecordFormActionsPrefix;
  editing: boolean;
  busy: boolean;
  cancelHref: string;
}) {
  const { t } = useT();
  return (
    <FormActions
      busy={busy}
      busyLabel={t(`${messages}.saving`)}
      submitLabel={t(editing ? `${messages}.save` : `${messages}.create`)}
    >
      <FormCancelLink href={cancelHref}>{t(`${messages}.cancel`)}</FormCancelLink>
    </FormActions>
  );
}

/** The cancel of a form that has its own address: back to where the admin came from, nothing saved. */
export function FormCancelLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={buttonClass({ variant: "tertiary" })}>
      {children}
    </Link>
  );
}

/** The delete of a record being edited, in its form's footer (`onDelete` asks first). */
export function FormDeleteButton({ onDelete, children }: { onDelete: () => void; children: ReactNode }) {
  return (
    <Button type="button" variant="tertiary" className="button-danger" onClick={onDelete}>
      {children}
    </Button>
  );
}
