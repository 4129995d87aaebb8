import type { ReactNode } from "react";
import { Icon } from "./icons.tsx";
import { useHostActions, useShell, useShellTexts } from "./shell-context.tsx";

/** The close button every chrome shows (`close-widget` to the host). */
export function CloseButton({ className = "icon-button" }: { className?: string }) {
  const t = useShellTexts();
  const { close } = useHostActions();
  return (
    <button
      type="button"
      className={className}
      aria-label={t("shell.close")}
      title={t("shell.close")}
      data-testid="frame-close"
      onClick={close}
    >
      <Icon name="close" />
    </button>
  );
}

/** The header of an inner screen: back (when allowed), the title, close. */
export function HeaderBar({ title }: { title: string }) {
  const t = useShellTexts();
  const { navigator } = useShell();
  return (
    <header className="header-bar" data-testid="frame-header">
      {navigator.canGoBack() ? (
        <button
          type="button"
          className="icon-button"
          aria-label={t("shell.back")}
          title={t("shell.back")}
          data-testid="frame-back"
          onClick={() => navigator.back()}
        >
          <Icon name="back" />
        </button>
      ) : (
        <span className="header-spacer" />
      )}
      <h1 className="header-title" dir="auto" tabIndex={-1}>
        {title}
      </h1>
      <CloseButton />
    </header>
  );
}

/** The home screen's big header: brand colour, a greeting, what the project says about itself. */
export function HeroHeader({ children, title }: { title: string; children?: ReactNode }) {
  return (
    <header className="hero" data-testid="frame-header">
      <div className="hero-row">
        <CloseButton />
      </div>
      <h1 className="hero-title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </header>
  );
}
