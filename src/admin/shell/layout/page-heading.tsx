import { type HTMLAttributes, useEffect } from "react";
import { useSnapshot } from "valtio";
import { alertState, alertTotal } from "../../alerts/alert-store.ts";
import { titleWithCount } from "../../alerts/alert-title.ts";
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
 * known), so tabs, history and a screen reader name the screen; in front, how many reports and
 * conversations wait for this admin, so a tab in the background still tells.
 */
export function useDocumentTitle(screen?: string, record?: string | null): void {
  const { t } = useT();
  const waiting = alertTotal(useSnapshot(alertState));
  const title = titleWithCount([record, screen, t("app.name")].filter(Boolean).join(" · "), waiting);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
