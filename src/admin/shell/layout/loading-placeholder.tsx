import type { ReactNode } from "react";
import type { MessageId } from "../../i18n/en-US.ts";
import { useT } from "../../i18n/intl.ts";

/**
 * What stands where content is still loading: a skeleton drawn by `className` (and any skeleton parts
 * in `children`), marked busy, with a status line (`label`) only screen readers read, as the skeleton
 * says nothing to them.
 */
export function LoadingPlaceholder({
  className,
  label,
  children,
}: {
  className: string;
  label: MessageId;
  children?: ReactNode;
}) {
  const { t } = useT();
  return (
    <div className={className} aria-busy="true">
      <p className="visually-hidden" role="status">
        {t(label)}
      </p>
      {children}
    </div>
  );
}
