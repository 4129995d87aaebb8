import { type MouseEvent, type ReactNode, type RefObject, useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { useT } from "../../i18n/intl.ts";
import { trapTab } from "../overlay/trap-tab.ts";
import { handOver } from "../routing/route-focus.ts";
import { StrokeIcon } from "./stroke-icon.tsx";
import "./navigation-texts.ts";

/**
 * The navigation of narrow screens: a modal `<dialog>` sliding in from the left (the rest of the page is
 * inert while it is open). It closes on Escape, a click on the backdrop, the close button and any
 * navigation (a link in it, the back button), and gives the focus back to `opener`, the menu button (after
 * a navigation, to the new screen's heading).
 */
export function NavDrawer({
  id,
  open,
  onClose,
  opener,
  children,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  opener: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const [location] = useLocation();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Any navigation closes it: the new screen is what the admin went for. (Not on mounting: a tap on
  // the menu button may have come before this chunk did.)
  const shownAt = useRef(location);
  useEffect(() => {
    if (location === shownAt.current) return;
    shownAt.current = location;
    close.current();
  }, [location]);

  // Closed by a navigation, the focus goes on to the new screen's heading.
  const onDialogClose = () => {
    close.current();
    opener.current?.focus();
    handOver(opener.current);
  };

  // A click on the backdrop lands on the dialog element itself; its content is a box inside it.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
    // A link to the page already shown does not change the location; it closes the drawer too.
    else if ((event.target as Element).closest("a[href]")) onClose();
  };

  return (
    // The dialog element handles Escape itself (its cancel event closes it); these add the backdrop
    // click and the Tab loop.
    <dialog
      ref={ref}
      id={id}
      className="nav-drawer"
      aria-label={t("nav.main")}
      onClose={onDialogClose}
      onClick={onClick}
      onKeyDown={trapTab}
    >
      <div className="nav-drawer-panel">
        <button type="button" className="drawer-close" aria-label={t("nav.closeMenu")} onClick={onClose}>
          <StrokeIcon size={20}>
            <path d="M6 6l12 12M18 6 6 18" />
          </StrokeIcon>
        </button>
        {children}
      </div>
    </dialog>
  );
}
