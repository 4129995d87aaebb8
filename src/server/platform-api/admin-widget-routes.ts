import type { DomainEvents } from "../domain/events/domain-events.ts";
import type { AllowedHosts } from "../domain/webhooks/webhook-address-rules.ts";
import type { WebhookEvents } from "../domain/webhooks/webhook-events.ts";
import type { ApiRoute } from "../http/api-route.ts";
import type { Logger } from "../logger.ts";
import type { Fanout } from "../realtime/fanout.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import type { WidgetChanges } from "../widget-api/widget-lookup-cache.ts";
import { alertsRoutes } from "./inbox/alerts-routes.ts";
import { assignmentRoutes } from "./inbox/assignment-routes.ts";
import { feedbackInboxRoutes } from "./inbox/feedback-inbox-routes.ts";
import { staffNotesRoutes } from "./inbox/staff-notes-routes.ts";
import { visitorTimelineRoutes } from "./inbox/visitor-timeline-routes.ts";
import { builderDraftRoutes } from "./outbound/builder-draft-routes.ts";
import { builderTokenRoutes } from "./outbound/builder-token-routes.ts";
import { checklistSharedKeyRoutes } from "./outbound/checklist-shared-key-routes.ts";
import { type ConnectedSessionsOf, publishPreviewRoutes } from "./outbound/publish-preview-routes.ts";
import { publishableAdminRoutes } from "./outbound/publishable-admin-routes.ts";
import { outboundsKind, tooltipsKind } from "./outbound/publishable-kinds.ts";
import type { PlatformDeps } from "./platform-deps.ts";
import { profileRoutes } from "./profile/profile-routes.ts";
import { projectSettingsRoutes } from "./projects/project-settings-routes.ts";
import { savedRepliesRoutes } from "./projects/saved-replies-routes.ts";
import { staffUploadRoutes } from "./projects/staff-upload-routes.ts";
import { webhookRoutes } from "./webhooks/webhook-routes.ts";

/** What the admin's widget routes use: the platform's, plus file storage (reports) and the fan-out. */
export type AdminWidgetDeps = PlatformDeps & {
  storage: FileStorage;
  fanout: Fanout;
  logger?: Logger;
  /** The publish dialog's count of connected visitors. */
  connectedSessions: ConnectedSessionsOf;
  /** Told after a write that the widget API's cached lookups depend on (project settings, content). */
  widgetChanges?: WidgetChanges;
  /** The messenger origin, where staff attachments are served like visitors' files. */
  messengerUrl: () => string;
  /** Where reports' and replies' events go to the projects' webhooks, and the webhook routes' queue. */
  webhooks?: WebhookEvents;
  /** The operator's exceptions to "webhooks reach public addresses only" (`WEBHOOK_ALLOWED_HOSTS`). */
  webhookAllowedHosts?: AllowedHosts;
  /** Where the inbox and the notes tell what happened after their commit (domain/events/). */
  events: DomainEvents;
};

/**
 * The admin's side of the widget: the feedback
 * inbox, outbound content and tooltips (and the builder's tokens for them), and the widget projects'
 * settings. The staff socket is not a route: the main origin upgrades `/api/admin/ws` itself.
 */
export function adminWidgetRoutes(deps: AdminWidgetDeps): ApiRoute[] {
  return [
    ...feedbackInboxRoutes(deps),
    ...alertsRoutes(deps),
    ...assignmentRoutes(deps),
    ...staffNotesRoutes(deps),
    ...visitorTimelineRoutes(deps),
    ...profileRoutes(deps),
    ...publishableAdminRoutes(deps, outboundsKind(deps)),
    ...publishableAdminRoutes(deps, tooltipsKind(deps)),
    ...publishPreviewRoutes(deps, deps.connectedSessions),
    ...builderTokenRoutes(deps),
    ...builderDraftRoutes(deps),
    ...checklistSharedKeyRoutes(deps),
    ...projectSettingsRoutes(deps),
    ...webhookRoutes(deps),
    ...savedRepliesRoutes(deps),
    ...staffUploadRoutes(deps),
  ];
}
