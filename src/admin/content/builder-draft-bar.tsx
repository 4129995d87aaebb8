import type { BuilderDraft } from "../../shared/builder-drafts-api.ts";
import type { BuilderKind } from "../../shared/builder-messages.ts";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { contentApi } from "./content-api.ts";

/**
 * The builder's waiting draft of a tour or tooltip. The builder runs on the site with a
 * token any script of that page could read, so what it saves waits here until the admin publishes it
 * into the item (or discards it) with the admin's own sign-in.
 */

/** The item's waiting draft (null while there is none, or before the item is saved). */
export function useBuilderDraft(projectId: string, kind: BuilderKind, itemId: string | null) {
  const { resource, reload, refresh } = useResource<BuilderDraft | null>(
    () =>
      itemId
        ? contentApi.builderDraft.get(projectId, kind, itemId).then((answer) => answer.draft)
        : Promise.resolve(null),
    `${projectId}/${kind}/${itemId ?? ""}`,
  );
  return { draft: resource.state === "ready" ? resource.data : null, reload, refresh };
}

function draftSummaryValues(draft: BuilderDraft): { count: number; label: string } {
  const content = draft.content;
  if ("steps" in content) return { count: content.steps.length, label: "" };
  return { count: 1, label: content.selector };
}

/** The builder's waiting draft of a saved item: who saved what when, publish and discard (each asked first). */
export function BuilderDraftBar({
  projectId,
  kind,
  itemId,
  itemName,
  draft,
  dirty,
  onPublished,
  onDiscarded,
}: {
  projectId: string;
  kind: BuilderKind;
  itemId: string;
  itemName: string;
  draft: BuilderDraft;
  /** Unsaved edits of the form: publishing replaces the item, so they are saved (or undone) first. */
  dirty: boolean;
  onPublished: () => void;
  onDiscarded: () => void;
}) {
  const { t } = useT();
  const format = useFormatters();
  const values = {
    ...draftSummaryValues(draft),
    name: draft.savedBy?.name || t("content.builderDraft.someone"),
    when: format.ago(draft.savedAt),
    // Under a second "ago" says "Just created", which cannot stand inside the sentence.
    unit: format.since(draft.savedAt).unit,
  };

  /** Publishing the draft into the item or discarding it, asked first as `type` with `body`. */
  const confirmed =
    (what: "publish" | "discard", type: "info" | "danger", body: string, then: () => void) => () =>
      confirmAction({
        type,
        heading: t(`content.builderDraft.${what}Title`, { name: itemName }),
        body,
        confirmLabel: t(`content.builderDraft.${what}`),
        onConfirm: async () => {
          const outcome = await runAction(
            (): Promise<unknown> => contentApi.builderDraft[what](projectId, kind, itemId),
            what === "publish" ? "content.builderDraft.published" : "content.builderDraft.discarded",
          );
          if (outcome.ok) then();
        },
      });
  const publish = confirmed(
    "publish",
    "info",
    t(kind === "tour" ? "content.builderDraft.publishTourBody" : "content.builderDraft.publishTooltipBody"),
    onPublished,
  );
  const discard = confirmed(
    "discard",
    "danger",
    t("content.builderDraft.discardBody", { name: itemName }),
    onDiscarded,
  );

  return (
    <section
      className="content-publish-bar detail-card builder-draft-bar"
      aria-labelledby="builder-draft-title"
    >
      <div className="content-publish-state">
        <strong id="builder-draft-title">{t("content.builderDraft.title")}</strong>
        <span className="subtle" title={format.dateTime(draft.savedAt)}>
          {t(
            kind === "tour" ? "content.builderDraft.tourSummary" : "content.builderDraft.tooltipSummary",
            values,
          )}
        </span>
        {dirty && <span className="subtle">{t("content.saveFirst")}</span>}
      </div>
      <div className="page-actions">
        <Button disabled={dirty} onClick={publish}>
          {t("content.builderDraft.publish")}
        </Button>
        <Button variant="tertiary" className="button-danger" onClick={discard}>
          {t("content.builderDraft.discard")}
        </Button>
      </div>
    </section>
  );
}
