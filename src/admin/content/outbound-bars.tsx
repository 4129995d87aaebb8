import type { AdminOutbound } from "../../shared/inbox-api.ts";
import { ItemDraftBar, type useBuilderDraft } from "./builder-draft-bar.tsx";
import type { ContentKind } from "./content-kinds.ts";
import { ContentPublishBar } from "./content-publish-bar.tsx";
import type { EditedOutboundType } from "./outbound-form-state.ts";
import { OutboundStatsPanel } from "./outbound-stats-panel.tsx";

/** The publish bar of a saved outbound; a status change updates the record the editor holds. */
function OutboundPublishBar({
  projectId,
  kind,
  saved,
  dirty,
  onSaved,
}: {
  projectId: string;
  kind: ContentKind;
  saved: AdminOutbound;
  dirty: boolean;
  onSaved: (record: AdminOutbound) => void;
}) {
  return (
    <ContentPublishBar
      projectId={projectId}
      kind={kind}
      id={saved.id}
      name={saved.name}
      status={saved.status}
      publishedAt={saved.publishedAt}
      startsAt={saved.startsAt}
      dirty={dirty}
      onStatus={(status) =>
        onSaved({
          ...saved,
          status,
          publishedAt: status === "live" ? new Date().toISOString() : saved.publishedAt,
        })
      }
    />
  );
}

/**
 * What stands above the outbound's form: the publish bar of a saved outbound, the numbers of a
 * published one, and the builder's draft of a tour waiting to be published.
 */
export function OutboundBars({
  projectId,
  kind,
  type,
  saved,
  dirty,
  builderDraft,
  onSaved,
  onReload,
}: {
  projectId: string;
  kind: ContentKind;
  type: EditedOutboundType;
  saved: AdminOutbound | null;
  dirty: boolean;
  builderDraft: ReturnType<typeof useBuilderDraft>;
  onSaved: (record: AdminOutbound) => void;
  onReload: () => void;
}) {
  return (
    <>
      {saved && (
        <OutboundPublishBar projectId={projectId} kind={kind} saved={saved} dirty={dirty} onSaved={onSaved} />
      )}
      {saved?.publishedAt && <OutboundStatsPanel projectId={projectId} outboundId={saved.id} type={type} />}
      <ItemDraftBar
        projectId={projectId}
        kind="tour"
        item={saved}
        builderDraft={builderDraft}
        dirty={dirty}
        onPublished={onReload}
      />
    </>
  );
}
