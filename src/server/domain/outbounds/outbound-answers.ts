import { validate } from "superstruct";
import { type ContentLanguage, contentBaseLanguage } from "../../../shared/content-languages.ts";
import { type ChecklistAnswer, ChecklistConfig } from "../../../shared/outbound-api.ts";
import { renderTipTapDocs } from "../rich-text/rich-text-rendering.ts";
import type { ChecklistInstance } from "./checklists-repository.ts";
import { localizedConfig } from "./outbound-language.ts";
import type { Outbound } from "./outbound-repository.ts";

/**
 * A tour's config as clients get it: in the visitor's language (outbound-language.ts), its step texts
 * rendered to HTML through the allow-list, since popovers show HTML.
 */
export function tourConfigForClient(
  outbound: Outbound,
  language: ContentLanguage = contentBaseLanguage,
): Record<string, unknown> {
  return renderTipTapDocs(localizedConfig(outbound.config, language)) as Record<string, unknown>;
}

/**
 * A checklist outbound's config in `language` (English: as stored, without its translations), or null
 * when it no longer has the shape widgets need.
 */
export function checklistConfigOf(
  outbound: Outbound,
  language: ContentLanguage = contentBaseLanguage,
): ChecklistConfig | null {
  const [error, config] = validate(localizedConfig(outbound.config, language), ChecklistConfig);
  return error ? null : config;
}

/**
 * The checklist in the client's shape (spec §3 "Checklist"). With `html`, every TipTap text in it
 * becomes HTML, as the reference client asks with `convertTipTap=true`.
 */
export function checklistAnswer(
  checklist: ChecklistInstance,
  outbound: Outbound,
  config: ChecklistConfig,
  html: boolean,
): ChecklistAnswer {
  const answer: ChecklistAnswer = {
    id: checklist.id,
    status: checklist.status,
    completedSteps: checklist.completedSteps,
    outbound: {
      id: outbound.id,
      subject: config.subject ?? outbound.name,
      message: config.message ?? "",
      sender: {
        firstName: config.sender?.firstName ?? config.sender?.name ?? "",
        profileImageUrl: config.sender?.profileImageUrl ?? "",
      },
      config: {
        steps: config.steps,
        successTitle: config.successTitle ?? "",
        successMessage: config.successMessage ?? "",
        ...(config.color ? { color: config.color } : {}),
      },
    },
  };
  return html ? (renderTipTapDocs(answer) as ChecklistAnswer) : answer;
}
