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
  children,
}: {
  titleId: string;
  title: string;
  subtitle: ReactNode;
  back: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId}>
      {back}
      <header className="page-header">
        <PageHeading id={titleId}>{title}</PageHeading>
        {subtitle !== null && subtitle !== undefined && <p className="subtle">{subtitle}</p>}
      </header>
      {children}
    </section>
  );
}
