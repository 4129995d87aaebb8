import type { ReactNode } from "react";

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
        <h1 id={titleId}>{title}</h1>
        {subtitle !== null && subtitle !== undefined && <p className="subtle">{subtitle}</p>}
      </header>
      {children}
    </section>
  );
}
