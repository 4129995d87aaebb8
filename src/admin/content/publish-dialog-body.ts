import type { PublishPreview } from "../../shared/publish-preview-api.ts";
import type { Translator } from "../i18n/intl.ts";

/**
 * What the publish dialog says will happen: how many visitors with the site open match
 * now, and whether it shows at once, waits behind live content of its slot on the same pages, goes
 * before some, or waits for its start. "It goes live at once" is said only when nothing holds it back.
 * Without a preview (the content has no delivery, or the question failed) it says what is always true.
 */
export function publishDialogBody(
  tr: Pick<Translator, "t">,
  {
    preview,
    startsAt,
    now = new Date(),
    formatDateTime,
  }: {
    preview: PublishPreview | null;
    /** The content's scheduled start (ISO), if any. */
    startsAt?: string | null;
    now?: Date;
    formatDateTime: (iso: string) => string;
  },
): string {
  if (!preview) return tr.t("content.publish.noPreview");
  const { t } = tr;
  const sentences = [t("content.publish.visitors", { count: preview.matchingVisitors })];
  const later = startsAt && Date.parse(startsAt) > now.getTime();
  if (later) sentences.push(t("content.publish.startsLater", { when: formatDateTime(startsAt) }));
  if (preview.queuedBehind.length > 0) {
    const names = preview.queuedBehind.map((item) => t("content.publish.quoted", { name: item.name }));
    sentences.push(t("content.publish.queued", { count: names.length, names: names.join(", ") }));
  } else {
    if (preview.goesBefore.length > 0) sentences.push(t("content.publish.goesFirst"));
    if (!later) sentences.push(t("content.publish.atOnce"));
  }
  return sentences.join(" ");
}
