/**
 * How a tooltip (spec §3 "Tooltip config") looks and where it sits beside the element it explains,
 * every field given: what the admin's tooltip form edits and what the widget reads from the saved list
 * to draw it. The offsets and the page filter are left to each, which keep them in their own forms.
 */
export interface TooltipLook {
  selector: string;
  html: string;
  mode: "hotspot" | "plain";
  icon: string;
  /** The hotspot's colour; empty means the project's brand colour. */
  color: string;
  animated: boolean;
  posX: "left" | "right";
  posY: "top" | "center" | "bottom";
}
