import type { ButtonHTMLAttributes, Ref } from "react";

export type ButtonSize = "sm" | "md" | "lg";
export type ButtonVariant = "primary" | "secondary" | "tertiary";

export interface ButtonLook {
  size?: ButtonSize;
  variant?: ButtonVariant;
  fullWidth?: boolean;
}

/** The class list of a button look (spec §2: sizes sm, md default, lg; three variants; full width). */
export function buttonClass({
  size = "md",
  variant = "primary",
  fullWidth = false,
}: ButtonLook = {}): string {
  return ["button", `button-${variant}`, `button-${size}`, fullWidth ? "button-full" : ""]
    .filter(Boolean)
    .join(" ");
}

export function Button({
  size,
  variant,
  fullWidth,
  className,
  type = "button",
  ref,
  ...rest
}: ButtonLook & ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  const classes = [buttonClass({ size, variant, fullWidth }), className].filter(Boolean).join(" ");
  return <button ref={ref} type={type} className={classes} {...rest} />;
}
