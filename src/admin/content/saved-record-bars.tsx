import type { ReactNode } from "react";
import type { BuilderKind } from "../../shared/builder-messages.ts";
import { BuilderDraftBar, type useBuilderDraft } from "./builder-draft-bar.tsx";
import type { ContentKind } from "./content-kinds.ts";
import type { ContentStatus } from "./content-list-query.ts";
import { ContentPublishBar } from "./content-publish-bar.tsx";

/** A record the editor holds as the API stores it: an outbound or a tooltip. */
interface PublishableRecord {
  id: string;
  name: string;
  status: ContentStatus;
  publishedAt?: string | null;
  startsAt?: string | null;
}

/**
 * What stands above an outbound's or tooltip's form: the publish bar of a saved record (`withStatus`
 * is the record once published or unpublished, handed to `onSaved`), then `children` (a published
 * outbound's numbers), then the builder's draft of a saved record waiting to be published, if any.
 */
export function SavedRecordBars<R extends PublishableRecord>({
  projectId,
  kind,
  builderKind,
  saved,
  dirty,
  builderDraft,
  withStatus,
  onSaved,
  onReload,
  children,
}: {
  projectId: string;
  kind: ContentKind;
  builderKind: BuilderKind;
  saved: R | null;
  dirty: boolean;
  builderDraft: ReturnType<typeof useBuilderDraft>;
  withStatus: (record: R, status: ContentStatus) => R;
  onSaved: (record: R) => void;
  onReload: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      {saved && (
        <ContentPublishBar
          projectId={projectId}
          kind={kind}
          id={saved.id}
          name={saved.name}
          status={saved.status}
          publishedAt={saved.publishedAt}
          startsAt={saved.startsAt}
          dirty={dirty}
          onStatus={(status) => onSaved(withStatus(saved, status))}
        />
      )}
      {children}
      {saved && builderDraft.draft && (
        <BuilderDraftBar
          projectId={projectId}
          kind={builderKind}
          itemId={saved.id}
          itemName={saved.name}
          draft={builderDraft.draft}
          dirty={dirty}
          onPublished={onReload}
          onDiscarded={builderDraft.refresh}
        />
      )}
    </>
  );
}
