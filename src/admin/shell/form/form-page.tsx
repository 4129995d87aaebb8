import type { ReactNode } from "react";
import { PageHeading } from "../layout/page-heading.tsx";

/**
 * A create-or-edit screen: the back link, the title with what is being edited under it (`subtitle`
 * null while creating), then the form.
 */
export function FormPage({
  titleId,
  title,
  subtitle,
  back,
  actions,
  children,
}: {
  titleId: string;
  title: string;
  subtitle: ReactNode;
  back: ReactNode;
  /** Buttons to the right of the title (delete). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <>
      <PageHeading id={titleId}>{title}</PageHeading>
      {subtitle !== null && subtitle !== undefined && <p className="subtle">{subtitle}</p>}
    </>
  );
  return (
    <section aria-labelledby={titleId}>
      {back}
      {actions ? (
        <header className="page-header page-header-actions">
          <div>{heading}</div>
          {actions}
        </header>
      ) : (
        <header className="page-header">{heading}</header>
      )}
      {children}
    </section>
  );
}
