import type { ReactNode } from "react";
import type { Resource } from "../../api/use-resource.ts";
import type { MessageId } from "../../i18n/en-US.ts";
import { DetailStatus } from "../detail/detail-status.tsx";

/**
 * What a form screen shows while a list it chooses from (the categories, the skill tree) is loading or
 * could not be read. That list is no record of the screen, so any failure, a 404 too, is `error` with a
 * retry, never the screen's "not found". Null once the list is there.
 */
export function FormChoicesStatus<T>({
  resource,
  error,
  back,
  onRetry,
}: {
  resource: Resource<T>;
  error: MessageId;
  back: ReactNode;
  onRetry: () => void;
}) {
  return (
    <DetailStatus
      resource={resource.state === "error" ? { ...resource, status: undefined } : resource}
      texts={{ loading: "loading.page", notFound: error, notFoundHint: error, error, retry: "list.retry" }}
      back={back}
      onRetry={onRetry}
    />
  );
}
