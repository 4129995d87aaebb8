import { type HTMLAttributes, useEffect } from "react";
import { useT } from "../../i18n/intl.ts";
import { focusIfArrived } from "../routing/route-focus.ts";

/**
 * A screen's `<h1>`. After an in-app navigation it takes the focus (route-focus.ts), so a screen reader
 * reads the new screen; focusable by script only, without a ring (admin.css).
 */
export function PageHeading({ children, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return (
    <h1 {...props} tabIndex={-1} ref={focusIfArrived}>
      {children}
    </h1>
  );
}

/**
 * The tab's title: "{record} · {screen} · Morph Admin" in the current language (the record while it is
 * known), so tabs, history and a screen reader name the screen.
 */
export function useDocumentTitle(screen?: string, record?: string | null): void {
  const { t } = useT();
  const title = [record, screen, t("app.name")].filter(Boolean).join(" · ");
  useEffect(() => {
    document.title = title;
  }, [title]);
}
