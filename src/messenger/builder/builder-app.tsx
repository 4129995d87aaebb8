import { BuilderBar } from "./builder-bar.tsx";
import type { BuilderChannel } from "./builder-channel.ts";
import { BuilderEditor } from "./builder-editor.tsx";
import { builderTexts } from "./builder-texts.ts";
import { builderStatus, useBuilder } from "./use-builder.ts";

/**
 * The builder frame at `/builder` of the messenger origin (spec §2 "Admin builder"). It waits for the
 * page's `data` (the item and a builder token for it), loads the tour or tooltip, and drives the page
 * through its mode: navigate (a bar: the page, the steps, Pick element, Save), picker (a bar while the
 * admin clicks an element on the page), editor (the whole viewport: every step's element, title,
 * description and type) and loading (hidden). Save writes the item through the platform API and tells
 * the page, which tells the admin's window.
 */
export function BuilderApp({ channel }: { channel: BuilderChannel }) {
  const builder = useBuilder(channel);
  const { init, item, mode, loadError, save } = builder;
  const t = builderTexts(init?.locale);
  if (!init || mode === "loading") return null;
  const title = init.kind === "tour" ? t.tourBuilder : t.tooltipBuilder;
  const status = builderStatus(t, loadError, save, builder.dirty);
  const failed = Boolean(loadError) || save.state === "failed";
  const shown = { t, builder, title, status, failed };
  if (mode !== "editor" || !item) return <BuilderBar {...shown} />;
  return <BuilderEditor {...shown} item={item} />;
}
