import type { CSSProperties } from "react";
import { brandColor, textOn } from "../brand-colors.ts";

/**
 * The project's look as CSS custom properties on the messenger's root (spec §3 Config): `color` (the
 * accent: links, focus, selected choices), `headerColor` (the header), `buttonColor` (primary
 * buttons), `backgroundColor` (the light theme's surface) and `borderRadius`, each with a readable
 * text colour (spec §9: dark text on bright colours). messenger.css builds everything from these;
 * dark mode (`prefers-color-scheme`) keeps the brand colours and swaps the neutral surfaces.
 */
export interface Theme {
  brand: string;
  header: string;
  button: string;
  background: string;
  /** The config's radius, clamped to what a 410 px panel can carry (0–28 px). */
  radius: number;
}

export function themeOf(config: Record<string, unknown> | null): Theme {
  const brand = brandColor(config?.color);
  const radius = Number(config?.borderRadius);
  return {
    brand,
    header: brandColor(config?.headerColor, brand),
    button: brandColor(config?.buttonColor, brand),
    background: brandColor(config?.backgroundColor, "#FFFFFF"),
    radius: Number.isFinite(radius) ? Math.max(0, Math.min(28, radius)) : 20,
  };
}

/** The root's inline custom properties for a theme. */
export function themeStyle(theme: Theme): CSSProperties {
  // Cards and buttons follow the config's radius at smaller sizes, so "square" stays square.
  const scaled = (factor: number, cap: number) => `${Math.round(Math.min(cap, theme.radius * factor))}px`;
  return {
    "--brand": theme.brand,
    "--on-brand": textOn(theme.brand),
    "--header": theme.header,
    "--on-header": textOn(theme.header),
    "--button": theme.button,
    "--on-button": textOn(theme.button),
    "--config-background": theme.background,
    "--config-text": textOn(theme.background),
    "--radius-lg": scaled(0.8, 18),
    "--radius-md": scaled(0.6, 12),
    "--radius-sm": scaled(0.4, 8),
  } as CSSProperties;
}
