import { useState } from "react";
import type { WidgetEvents } from "../../shared/widget-chunk-contract.ts";
import type { FlowConfig } from "../../shared/widget-flow-config.ts";

export interface LauncherButtonProps {
  flowConfig: FlowConfig;
  events: WidgetEvents;
}

/** The round feedback button, bottom right by default; it toggles the widget open and closed. */
export function LauncherButton({ flowConfig, events }: LauncherButtonProps) {
  const [open, setOpen] = useState(false);
  if (flowConfig.feedbackButtonPosition === "BUTTON_NONE") return null;
  const left = flowConfig.feedbackButtonPosition === "BOTTOM_LEFT";
  const toggle = () => {
    setOpen(!open);
    events.emit(open ? "close" : "open");
  };
  return (
    <button
      type="button"
      className="launcher"
      data-testid="gleap-launcher"
      aria-label={open ? "Close feedback" : "Open feedback"}
      aria-expanded={open}
      onClick={toggle}
      style={{
        background: flowConfig.buttonColor,
        bottom: flowConfig.buttonY,
        [left ? "left" : "right"]: flowConfig.buttonX,
      }}
    >
      {open ? <CloseIcon /> : <ChatIcon />}
    </button>
  );
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 3C6.5 3 2 6.9 2 11.6c0 2.3 1.1 4.4 2.9 6L4 21.5a.5.5 0 0 0 .7.6l4.4-2.1c.9.2 1.9.3 2.9.3 5.5 0 10-3.9 10-8.7S17.5 3 12 3Z"
      />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
