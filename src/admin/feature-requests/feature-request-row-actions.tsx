import { useState } from "react";
import { Link } from "wouter";
import {
  type AdminFeatureRequest,
  type FeatureRequestStatus,
  featureRequestStatuses,
} from "../../shared/feature-requests-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { showToast } from "../shell/overlay/toast-store.ts";
import { featureRequestEditHref } from "./feature-request-paths.ts";
import { featureRequestsApi, featureRequestWrite } from "./feature-requests-api.ts";

interface RowProps {
  projectId: string;
  request: AdminFeatureRequest;
  /** The row changed on the server: the board asks for its page again. */
  onChanged: () => void;
}

/** Runs one of a row's writes with the row busy meanwhile; a refusal becomes an error toast. */
function useRowWrite(onChanged: () => void) {
  const { translate } = useT();
  const [busy, setBusy] = useState(false);
  const run = async (write: () => Promise<unknown>, done: { heading: string; body?: string }) => {
    setBusy(true);
    try {
      await write();
      showToast({ type: "success", ...done });
      onChanged();
    } catch (failure) {
      showToast({ type: "error", heading: "toast.error", body: translate(apiErrorMessage(failure)) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/** The status visitors see beside the request, changed right in the row. */
export function FeatureRequestStatusSelect({ projectId, request, onChanged }: RowProps) {
  const { t } = useT();
  const { busy, run } = useRowWrite(onChanged);
  const change = (status: FeatureRequestStatus) =>
    run(() => featureRequestsApi.update(projectId, request.id, featureRequestWrite(request, { status })), {
      heading: t("featureRequests.statusSaved", { status: t(`featureRequests.status.${status}`) }),
      body: t("featureRequests.statusSavedBody"),
    });
  return (
    <select
      className="feature-request-status"
      data-testid="feature-request-status"
      aria-label={t("featureRequests.statusOf", { title: request.title })}
      value={request.status}
      disabled={busy}
      onChange={(event) => void change(event.target.value as FeatureRequestStatus)}
    >
      {featureRequestStatuses.map((status) => (
        <option key={status} value={status}>
          {t(`featureRequests.status.${status}`)}
        </option>
      ))}
    </select>
  );
}

/** Approve (a visitor's request waiting for it), hide or show again, and the link to its editor. */
export function FeatureRequestRowActions({ projectId, request, onChanged }: RowProps) {
  const { t } = useT();
  const { busy, run } = useRowWrite(onChanged);
  const toggleHidden = () =>
    run(
      () =>
        featureRequestsApi.update(
          projectId,
          request.id,
          featureRequestWrite(request, { hidden: !request.hidden }),
        ),
      request.hidden
        ? { heading: t("featureRequests.shown") }
        : { heading: t("featureRequests.hidden"), body: t("featureRequests.hiddenBody") },
    );
  const approve = () =>
    run(() => featureRequestsApi.approve(projectId, request.id), {
      heading: t("featureRequests.approved"),
      body: t("featureRequests.approvedBody"),
    });
  return (
    <div className="page-actions">
      {!request.approved && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void approve()}>
          {t("featureRequests.approve")}
        </Button>
      )}
      <Button
        size="sm"
        variant="tertiary"
        disabled={busy}
        aria-label={t(request.hidden ? "featureRequests.showLabel" : "featureRequests.hideLabel", {
          title: request.title,
        })}
        onClick={() => void toggleHidden()}
      >
        {t(request.hidden ? "featureRequests.show" : "featureRequests.hide")}
      </Button>
      <Link
        href={featureRequestEditHref(projectId, request.id)}
        className={buttonClass({ size: "sm", variant: "tertiary" })}
        aria-label={t("featureRequests.editLabel", { title: request.title })}
      >
        {t("featureRequests.edit")}
      </Link>
    </div>
  );
}
