import type { ReactNode } from "react";
import { PageHeading } from "./page-heading.tsx";

/**
 * A screen's title block: its heading (with `id`, which the screen's section is labelled by) over the
 * subtitle, if any; `actions` (buttons, links) sit to their right, and then the two share a row that
 * wraps on narrow screens.
 */
export function PageHeader({
  id,
  title,
  subtitle,
  subtitleClassName = "subtle",
  actions,
}: {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  subtitleClassName?: string;
  actions?: ReactNode;
}) {
  const heading = (
    <>
      <PageHeading id={id}>{title}</PageHeading>
      {subtitle !== null && subtitle !== undefined && <p className={subtitleClassName}>{subtitle}</p>}
    </>
  );
  if (!actions) return <header className="page-header">{heading}</header>;
  return (
    <header className="page-header page-header-actions">
      <div>{heading}</div>
      {actions}
    </header>
  );
}
