import type { ReactNode } from "react";
import { PageHeader } from "../layout/page-header.tsx";

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
  return (
    <section aria-labelledby={titleId}>
      {back}
      <PageHeader id={titleId} title={title} subtitle={subtitle} actions={actions} />
      {children}
    </section>
  );
}
