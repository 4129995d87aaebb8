import type { ReactNode } from "react";
import type { Resource } from "../../api/use-resource.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { DetailStatus } from "../detail/detail-status.tsx";

/** The area of a "not found" hint id whose catalogue also has the record's loading, not-found and error texts. */
type AreaOf<Id> = Id extends `${infer Area}.notFoundHint`
  ? `${Area}.loading` | `${Area}.notFound` | `${Area}.error` extends MessageId
    ? Area
    : never
  : never;

/** An area whose catalogue names its record's states: `{area}.loading`, `.notFound`, `.notFoundHint`, `.error`. */
export type RecordArea = AreaOf<MessageId>;

/**
 * What a create-or-edit screen shows before its form: editing loads the record first (the area's
 * loading line, its "not found" for a 404, or its error with a retry); creating only waits for the page.
 * Null once the record (or nothing, when creating) is there.
 */
export function FormRecordStatus<T>({
  resource,
  area,
  editing,
  back,
  onRetry,
}: {
  resource: Resource<T>;
  area: RecordArea;
  editing: boolean;
  back: ReactNode;
  onRetry: () => void;
}) {
  return (
    <DetailStatus
      resource={resource}
      texts={{
        loading: editing ? `${area}.loading` : "loading.page",
        notFound: `${area}.notFound`,
        notFoundHint: `${area}.notFoundHint`,
        error: `${area}.error`,
        retry: "list.retry",
      }}
      back={back}
      onRetry={onRetry}
    />
  );
}
