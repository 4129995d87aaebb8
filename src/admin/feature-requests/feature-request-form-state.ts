import {
  type AdminFeatureRequest,
  type FeatureRequestStatus,
  FeatureRequestWrite,
} from "../../shared/feature-requests-api.ts";
import { messages } from "../../shared/form-rule-messages.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";

/** A feature request as its edit form holds it. */
export interface FeatureRequestForm {
  title: string;
  description: string;
  status: FeatureRequestStatus;
  hidden: boolean;
}

export const featureRequestFormFrom = (request: AdminFeatureRequest): FeatureRequestForm => ({
  title: request.title,
  description: request.description,
  status: request.status,
  hidden: request.hidden,
});

/** The body of `PUT …/feature-requests/{id}`. */
export const featureRequestFormWrite = (form: FeatureRequestForm): FeatureRequestWrite => ({
  title: form.title.trim(),
  description: form.description.trim(),
  status: form.status,
  hidden: form.hidden,
});

/** The API's limits (feature-requests-api FeatureRequestWrite). */
export const featureRequestLimits = { titleMin: 3, title: 200, description: 5000 } as const;

/**
 * The API's rules in the shared rules' words (required, too short, too long), then the API's own
 * schema over the body, so nothing it would refuse is sent.
 */
export function validateFeatureRequestForm(form: FeatureRequestForm): FieldErrors {
  const errors: FieldErrors = {};
  const title = form.title.trim();
  if (!title) errors.title = messages.required("title");
  else if (title.length < featureRequestLimits.titleMin)
    errors.title = messages.tooShort(featureRequestLimits.titleMin - 1);
  else if (title.length > featureRequestLimits.title)
    errors.title = messages.tooLong(featureRequestLimits.title + 1);
  if (form.description.trim().length > featureRequestLimits.description)
    errors.description = messages.tooLong(featureRequestLimits.description + 1);
  for (const [path, message] of Object.entries(
    fieldErrors(featureRequestFormWrite(form), FeatureRequestWrite),
  ))
    errors[path] ??= message;
  return errors;
}
