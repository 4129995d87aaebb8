import type { SQL } from "bun";
import type { DomainEvents } from "../domain/events/domain-events.ts";
import type { ReportParserPool } from "../domain/feedback/report-parser-pool.ts";
import type { ReportQuotas } from "../domain/feedback/report-quotas.ts";
import type { InstallationLimits } from "../domain/projects/installation-limits.ts";
import type { PingWriter } from "../domain/sessions/ping-writes.ts";
import type { WebhookEvents } from "../domain/webhooks/webhook-events.ts";
import type { Logger } from "../logger.ts";
import type { Fanout } from "../realtime/fanout.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import type { ConversationStartLimits } from "./messenger/conversation-start-limits.ts";
import type { WidgetLookupCache } from "./widget-lookup-cache.ts";

/** What every group of widget routes may use. */
export interface WidgetRouteDeps {
  sql: SQL;
  sessionSecret: string;
  fanout: Fanout;
  storage: FileStorage;
  /** The main origin's public URL (known once the server listens), for absolute file URLs. */
  publicUrl: () => string;
  /** The messenger origin's public URL, which the widget frames (the config tells the SDK). */
  messengerUrl: () => string;
  /** Where best-effort work that must not fail a request (realtime pushes after a write) reports. */
  logger?: Logger;
  /** Where reports and conversations say what happened after their commit (domain/events/). */
  events: DomainEvents;
  /**
   * The report parser threads, kept warm for the next report and closed with the server; left out, the
   * report routes make a pool of their own that keeps no idle thread (nothing would close it).
   */
  reportParser?: ReportParserPool;
  /** Feedback report quotas; left out, the defaults (`RATE_LIMITS=0` passes none that count). */
  reportQuotas?: ReportQuotas;
  /** New conversations per session and per address; left out, the defaults (`RATE_LIMITS=0` passes none). */
  conversationStarts?: ConversationStartLimits;
  /** The install check's origins per project and new ones per address; left out, the defaults. */
  installationLimits?: InstallationLimits;
  /** Projects, sessions and live content kept in memory (the API's authentication shares it). */
  lookups?: WidgetLookupCache;
  /** Commits pings in groups; left out, the session routes make one of their own. */
  pingWriter?: PingWriter;
  /** Where reports, visitors' messages and survey answers reach the projects' webhooks. */
  webhooks?: WebhookEvents;
}
