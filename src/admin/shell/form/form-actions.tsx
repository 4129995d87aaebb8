import type { ReactNode } from "react";
import { Link } from "wouter";
import { Button, type ButtonVariant, buttonClass } from "../button.tsx";

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
