import type { StructError } from "superstruct";
import { failureBody } from "../../../shared/form-rules.ts";
import { authoredGuideError } from "../../../shared/guide-authoring-api.ts";
import type { OutboundWrite } from "../../../shared/inbox-api.ts";
import { outboundConfigError } from "../../../shared/outbound-api.ts";
import { surveyExists } from "../../domain/outbounds/outbounds-admin-repository.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { jsonError } from "../platform-request.ts";

/** A config failure named from the body's root (`config.text`), as the admin's form knows the field. */
function configFailure(error: StructError): Response {
  const nested = {
    failures: () => error.failures().map((failure) => ({ ...failure, path: ["config", ...failure.path] })),
  } as unknown as StructError;
  const body = failureBody(nested);
  return jsonError(400, body.error, body.field);
}

/**
 * Why an outbound write cannot be stored, or null: a schedule must end after it starts, its config
 * must fit its kind (outbound-api.ts; a tour needs a step; a tour's and a checklist's steps must be
 * runnable, guide-authoring-api.ts), and a survey must name a survey of the project to show (the widget opens that
 * form). Every path that writes an outbound's config asks this: the admin's create and save, the
 * builder's draft, and publishing that draft.
 */
export async function outboundWriteRefusal(
  deps: Pick<PlatformDeps, "sql">,
  projectId: string,
  write: OutboundWrite,
): Promise<Response | null> {
  if (write.startsAt && write.endsAt && Date.parse(write.endsAt) <= Date.parse(write.startsAt))
    return jsonError(400, "endsAt must be after startsAt", "endsAt");
  const error = outboundConfigError(write.type, write.config) ?? authoredGuideError(write.type, write.config);
  if (error) return configFailure(error);
  if (write.type === "survey") {
    const formId = write.config.formId;
    if (typeof formId !== "string" || formId.trim() === "")
      return jsonError(400, "config.formId is required", "config.formId");
    if (!(await surveyExists(deps.sql, projectId, formId)))
      return jsonError(400, "config.formId must name a survey of this project", "config.formId");
  }
  return null;
}
