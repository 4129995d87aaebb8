import { RedisClient, type SQL } from "bun";
import type { ServedBuildManifest } from "../shared/build-manifest.ts";
import { createAccessTokens } from "./auth/access-tokens.ts";
import { createAuthGuard } from "./auth/auth-guard.ts";
import { type AuthLimits, defaultAuthLimits, noAuthLimits } from "./auth/auth-limits.ts";
import { createCaptcha } from "./auth/captcha.ts";
import { type PasswordHashing, passwordHashing } from "./auth/password-hashing.ts";
import { loadBuildManifest } from "./build-manifest-loader.ts";
import type { ServerConfig } from "./config.ts";
import { ensureWritableDataDir } from "./data-dir.ts";
import { type Database, openDatabase } from "./database/database.ts";
import type { Reads } from "./database/reads.ts";
import { isSchemaCurrent } from "./database/schema-current.ts";
import { randomSecret, seedDemoData } from "./demo-seed.ts";
import { createDomainEvents, type DomainEvents } from "./domain/events/domain-events.ts";
import { staffPushListener } from "./domain/events/staff-push-listener.ts";
import { webhookListener } from "./domain/events/webhook-listener.ts";
import { widgetPushListener } from "./domain/events/widget-push-listener.ts";
import { sweepReportLeftovers } from "./domain/feedback/report-leftovers.ts";
import {
  createReportParserPool,
  defaultReportParserPoolOptions,
} from "./domain/feedback/report-parser-pool.ts";
import {
  defaultReportQuotas,
  noReportQuotas,
  type ReportQuotas,
  withReportCounts,
} from "./domain/feedback/report-quotas.ts";
import { deliverToConnectedWidgets } from "./domain/outbounds/live-delivery.ts";
import { countUnread } from "./domain/outbounds/outbound-delivery.ts";
import { defaultInstallationLimits, noInstallationLimits } from "./domain/projects/installation-limits.ts";
import { frameAncestorsFor } from "./domain/projects/projects-repository.ts";
import { createPingWriter } from "./domain/sessions/ping-writes.ts";
import { ensureSetting } from "./domain/settings/settings-repository.ts";
import { allowedHostsOf } from "./domain/webhooks/webhook-address-rules.ts";
import {
  defaultWebhookDispatch,
  startWebhookDispatcher,
  type WebhookDispatchSettings,
} from "./domain/webhooks/webhook-dispatcher.ts";
import {
  createWebhookEvents,
  type WebhookEvents,
  webhooksChangedSignal,
} from "./domain/webhooks/webhook-events.ts";
import {
  createRequestGate,
  createShutdownClock,
  gracefulStop,
  type ShutdownClock,
  trackSockets,
} from "./graceful-shutdown.ts";
import type { ApiRoute } from "./http/api-route.ts";
import { clientAddressOf } from "./http/client-address.ts";
import { refuseWritesWhenDiskFull } from "./http/disk-full-guard.ts";
import { json } from "./http/json-response.ts";
import { withRequestLog } from "./http/request-log.ts";
import type { Logger } from "./logger.ts";
import { startMailDispatcher } from "./mail/mail-dispatcher.ts";
import { startUnreadMailer, type UnreadMailSettings } from "./mail/unread-message-mail.ts";
import { createMainOrigin } from "./main-origin.ts";
import { createMessengerOrigin } from "./messenger-origin.ts";
import { watchDatabase } from "./metrics/database-readings.ts";
import { watchEventLoopLag } from "./metrics/event-loop-lag.ts";
import { timedFanout } from "./metrics/fanout-metrics.ts";
import { metricsHandler } from "./metrics/metrics-endpoint.ts";
import { mainOriginLabeler, messengerOriginLabeler, type RoutePattern } from "./metrics/route-labels.ts";
import { createServerMetrics, type ServerMetrics } from "./metrics/server-metrics.ts";
import type { authRoutes } from "./platform-api/auth/auth-routes.ts";
import type { invitationAcceptRoutes } from "./platform-api/team/invitation-accept-routes.ts";
import { defaultInvitationLimits, noInvitationLimits } from "./platform-api/team/invitation-limits.ts";
import type { RateLimit, RateLimiter } from "./rate-limiter.ts";
import { databaseProbe, redisProbe, storageProbe } from "./readiness/dependency-probes.ts";
import { createReadiness } from "./readiness/readiness.ts";
import { createConnectedCensus } from "./realtime/connected-census.ts";
import { createConnectedWidgets } from "./realtime/connected-widgets.ts";
import { createLocalFanout, createRedisFanout, type Fanout, type LocalPublisher } from "./realtime/fanout.ts";
import { sendOpeningCount } from "./realtime/opening-count.ts";
import { createPublishWatch } from "./realtime/publish-watch.ts";
import { createRedisWidgetSocketCounts } from "./realtime/redis-widget-socket-counts.ts";
import { dispatchSignals, signalStaffAccessChanged } from "./realtime/signal-dispatch.ts";
import { type SocketData, socketHandlers } from "./realtime/socket-handlers.ts";
import { createStaffPresence } from "./realtime/staff-presence.ts";
import { authenticateStaffSocket } from "./realtime/staff-socket-auth.ts";
import { createStaffSocketWatch } from "./realtime/staff-socket-watch.ts";
import { sessionTopic } from "./realtime/widget-socket.ts";
import {
  createWidgetSocketCounts,
  defaultWidgetSocketCaps,
  noWidgetSocketCaps,
  type WidgetSocketCaps,
} from "./realtime/widget-socket-caps.ts";
import { createRedisRateLimiter } from "./redis-rate-limiter.ts";
import { outsideRequest } from "./request-context.ts";
import { createSharedRateLimiter } from "./shared-rate-limiter.ts";
import { StartupError } from "./startup-error.ts";
import { createFileStorage } from "./storage/create-file-storage.ts";
import { type DiskState, startDiskSpaceWatch } from "./storage/disk-space-watch.ts";
import type { FileStorage } from "./storage/file-storage.ts";
import {
  defaultConversationStartLimits,
  noConversationStartLimits,
} from "./widget-api/messenger/conversation-start-limits.ts";
import { fileRoutes, uploadFiles } from "./widget-api/uploads/upload-routes.ts";
import { createWidgetApi, noWidgetRateLimits, type WidgetRateLimits } from "./widget-api/widget-api.ts";
import {
  announceWidgetChanges,
  createWidgetLookupCache,
  type WidgetLookupCache,
} from "./widget-api/widget-lookup-cache.ts";
import type { WidgetRouteDeps } from "./widget-api/widget-route-deps.ts";
import { widgetRoutes } from "./widget-api/widget-routes.ts";

export interface RunningServer {
  mainUrl: string;
  messengerUrl: string;
  /** The Prometheus listener's `/metrics` address, when METRICS_PORT is set. */
  metricsUrl?: string;
  db: Database;
  fanout: Fanout;
  /** What the widget API keeps in memory; a test that writes to the database by hand drops it. */
  widgetLookups: WidgetLookupCache;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Free bytes on a folder's disk (disk-space-watch.ts); tests answer a nearly full disk. */
  diskFreeBytes?: (path: string) => Promise<number>;
  /** Tests lower the limits to reach them. */
  widgetRateLimits?: WidgetRateLimits;
  authLimits?: Partial<AuthLimits>;
  reportQuotas?: Partial<ReportQuotas>;
  /** How often open staff sockets are re-checked (default 30 s); tests shorten it. */
  staffRecheckMs?: number;
  /** Widget sockets per session and per address; tests lower them. */
  widgetSocketCaps?: WidgetSocketCaps;
  /** Webhook retries and polling (webhook-dispatcher.ts); tests shorten the backoff to milliseconds. */
  webhookDispatch?: Partial<WebhookDispatchSettings>;
  /** How often the mail outbox is sent (default 2 s, mail-dispatcher.ts); tests shorten it. */
  mailDispatchMs?: number;
  /** The unread e-mail's clock and check interval (unread-message-mail.ts); tests move the clock on. */
  unreadMail?: Pick<UnreadMailSettings, "now" | "intervalMs">;
  /** The wait of a slowed-down sign-in (login-route.ts); tests record it instead of waiting. */
  loginSlowdownSleep?: (ms: number) => Promise<void>;
}

/** The public addresses of both origins: configured, or known once each listens. */
interface OriginUrls {
  main: string;
  messenger: string;
}

type Cleanups = Array<() => Promise<void> | void>;

/** The unread e-mail's settings: the config's, with a test's clock and interval where given. */
function unreadMailSettings(
  config: ServerConfig,
  urls: OriginUrls,
  options: ServerOptions,
  realtime: Pick<Realtime, "staffPresence">,
): UnreadMailSettings {
  return {
    minutes: config.unreadMailMinutes,
    mailsPerHour: config.unreadMailsPerHour,
    adminUrl: () => urls.main,
    // Work given to an admin is mailed only while they have no admin screen open (staff-presence.ts).
    present: realtime.staffPresence.present,
    ...options.unreadMail,
  };
}

/** Brings the schema up to date and seeds the demo data where asked; answers the password hashing. */
async function migrateAndSeed(sql: SQL, config: ServerConfig, logger: Logger) {
  // The migrations load only when the schema is not the shipped one (schema-current.ts).
  if (!(await isSchemaCurrent(sql))) await migrate(sql, logger);
  const passwords = passwordHashing(config.passwordHashCost);
  if (passwords.cost !== "production")
    logger.warn("PASSWORD_HASH_COST is test: new password hashes are weak (test servers only)");
  if (config.seedDemo) {
    const { seeded } = await seedDemoData(sql, { size: config.demoData, passwords });
    if (seeded) logger.info("demo data seeded");
  }
  return passwords;
}

async function migrate(sql: SQL, logger: Logger): Promise<void> {
  const { NewerSchemaError, runMigrations } = await import("./database/migrations.ts");
  const { applied } = await runMigrations(sql).catch((error) => {
    // A newer release's database: the operator runs that release (or restores a backup), so it is
    // one line, not a crash.
    if (error instanceof NewerSchemaError) throw new StartupError(error.message);
    throw error;
  });
  if (applied.length > 0) logger.info("migrations applied", { applied });
}

/** The free space of the data folder's disk, and local file storage's (disk-space-watch.ts). */
function watchDisks(config: ServerConfig, logger: Logger, options: ServerOptions) {
  return startDiskSpaceWatch({
    paths: config.storage.kind === "local" ? [config.dataDir, config.storage.dir] : [config.dataDir],
    minFreeBytes: config.diskMinFreeBytes,
    logger,
    freeBytesOf: options.diskFreeBytes,
  });
}

/** How long after listening the admin API's modules load, unless a request asks first. */
const adminRoutesDelayMs = 200;

/**
 * Listening first; the admin API's modules load a moment later, so the first probes and widget
 * requests are not kept waiting behind them (an admin request before then loads them itself).
 */
function loadAdminApiSoon(platform: PlatformSide, logger: Logger): void {
  setTimeout(() => {
    platform
      .routes()
      .catch((error: unknown) => logger.error("admin API failed to load", { error: String(error) }));
  }, adminRoutesDelayMs).unref();
}

/** Everything `npm start` does after reading the config: storage, schema, demo data, both origins. */
export async function startServer(
  config: ServerConfig,
  logger: Logger,
  options: ServerOptions = {},
): Promise<RunningServer> {
  await ensureWritableDataDir(config.dataDir);
  const manifest = await loadBuildManifest(config.distDir);
  const disk = await watchDisks(config, logger, options);
  const db = await openDatabase(config.database, { onWarning: (message) => logger.warn(message) });
  const cleanups: Cleanups = [() => disk.stop(), () => db.close()];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step();
  };
  try {
    const passwords = await migrateAndSeed(db.sql, config, logger);
    const sessionSecret = await ensureSetting(db.sql, "widget_session_secret", randomSecret);
    let main: Bun.Server<SocketData> | null = null;
    const metrics = serverMetrics(config, logger, db);
    const realtime = await startRealtime(config, logger, options, db.sql, () => main, cleanups, metrics);
    const sql = db.sql;
    const storage = createFileStorage(config.storage);
    const urls: OriginUrls = { main: config.publicUrl ?? "", messenger: config.messengerUrl ?? "" };
    const outlets = eventOutlets(sql, logger, realtime);
    const shared = { sql, storage, urls, realtime, ...outlets };
    const widget = startWidgetSide(config, logger, options, { ...shared, sessionSecret, cleanups, metrics });
    await widget.pingWriter.ready(); // a previous process's unfolded pings folded before any read
    const platform = await createPlatformSide(config, logger, options, {
      ...shared,
      passwords,
      reads: db.reads,
      widget,
    });
    // The stop's one deadline (graceful-shutdown.ts): draining connections, then the background work.
    const clock = createShutdownClock(config.shutdownTimeoutMs);
    const background = { widget, platform, webhooks: outlets.webhooks, options, clock, metrics };
    startBackgroundWork(config, logger, sql, background, cleanups);
    const unreadMailer = startUnreadMailer(sql, unreadMailSettings(config, urls, options, realtime), logger);
    cleanups.push(() => clock.bound(unreadMailer.stop()));

    const origins = createOrigins(config, logger, {
      db,
      manifest,
      urls,
      realtime,
      widget,
      platform,
      storage,
      diskState: disk.state,
      metrics,
      cleanups,
    });
    // Requests and sockets are counted, so a stop can let the ones under way finish.
    const gate = createRequestGate();
    const sockets = mainOriginSockets(realtime, widget, logger, metrics);
    const listening = listenOnOrigins(config, { origins, gate, sockets, urls, cleanups });
    main = listening.main;
    loadAdminApiSoon(platform, logger);
    return {
      mainUrl: urls.main,
      messengerUrl: urls.messenger,
      metricsUrl: listenForMetrics(config, logger, metrics, cleanups),
      db,
      fanout: realtime.fanout,
      widgetLookups: widget.lookups,
      stop: gracefulStop({ listeners: listening.listeners, gate, sockets, clock }, logger, cleanup),
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * Both origins listening, the main one with its websockets; each stops with the server's cleanups, and
 * `urls` name the ports they got where the config does not say.
 */
function listenOnOrigins(
  config: ServerConfig,
  parts: {
    origins: ReturnType<typeof createOrigins>;
    gate: ReturnType<typeof createRequestGate>;
    sockets: ReturnType<typeof mainOriginSockets>;
    urls: OriginUrls;
    cleanups: Cleanups;
  },
) {
  const { origins, gate, sockets, urls, cleanups } = parts;
  const main = listen("PORT", config.port, () =>
    Bun.serve<SocketData>({
      hostname: config.host,
      port: config.port,
      fetch: gate.admit(origins.main),
      websocket: sockets.handlers,
      // Reports may be 20 MB and uploads 100 MB; the routes enforce their own limits below this.
      maxRequestBodySize: 110 * 1024 * 1024,
    }),
  );
  cleanups.push(() => main.stop(true));
  urls.main = config.publicUrl ?? `http://localhost:${main.port}`;
  const messenger = listen("MESSENGER_PORT", config.messengerPort, () =>
    Bun.serve({
      hostname: config.host,
      port: config.messengerPort,
      // The messenger origin never upgrades, so its handler always answers.
      fetch: gate.admit(
        async (request: Request, server: Bun.Server<undefined>) =>
          (await origins.messenger(request, server)) as Response,
      ),
    }),
  );
  cleanups.push(() => messenger.stop(true));
  urls.messenger = config.messengerUrl ?? `http://localhost:${messenger.port}`;
  return { main, listeners: [main, messenger] };
}

/** The main origin's websocket handlers, each socket counted so a stop can close it (graceful-shutdown.ts). */
function mainOriginSockets(realtime: Realtime, widget: WidgetSide, logger: Logger, metrics: ServerMetrics) {
  const counted = metrics.sockets.counted;
  return trackSockets(
    counted(
      socketHandlers({
        connected: realtime.connected,
        widgetSockets: realtime.widgetSockets,
        staffWatch: realtime.staffWatch,
        // A (re)connecting widget learns its unread count at once instead of at the next delivery.
        onWidgetOpen: (socket) => {
          const { sessionId } = socket.data;
          sendOpeningCount({
            count: () => countUnread(widget.deps.sql, sessionId),
            watch: () => realtime.publishes.watch(sessionTopic(sessionId)),
            send: (text) => socket.send(text),
          }).catch((error: unknown) => logger.warn("unread count push failed", { error: String(error) }));
        },
      }),
    ),
  );
}

/** The metrics this server records, the database's figures among them (read at each scrape). */
function serverMetrics(config: ServerConfig, logger: Logger, db: Database): ServerMetrics {
  const metrics = createServerMetrics(logger);
  watchDatabase(metrics.registry, config.database, db.reads);
  return metrics;
}

/** The Prometheus listener on METRICS_HOST and METRICS_PORT, when set; answers its `/metrics` URL. */
function listenForMetrics(
  config: ServerConfig,
  logger: Logger,
  metrics: ServerMetrics,
  cleanups: Cleanups,
): string | undefined {
  const port = config.metricsPort;
  if (port === undefined) return undefined;
  const server = listen("METRICS_PORT", port, () =>
    Bun.serve({ hostname: config.metricsHost, port, fetch: metricsHandler(metrics.registry) }),
  );
  cleanups.push(() => server.stop(true));
  // A timer's work only where something reads it.
  cleanups.push(watchEventLoopLag(metrics.registry));
  // A wildcard address is reached on loopback from this machine.
  const host = { "0.0.0.0": "127.0.0.1", "::": "[::1]" }[config.metricsHost] ?? config.metricsHost;
  const url = `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${server.port}/metrics`;
  logger.info("metrics listening", { url });
  return url;
}

type Realtime = Awaited<ReturnType<typeof startRealtime>>;

/**
 * The process's realtime: the fan-out (Redis pub/sub when `REDIS_URL` is set), the sockets it holds,
 * the watch over staff sockets, and what the signals between processes do here.
 */
async function startRealtime(
  config: ServerConfig,
  logger: Logger,
  options: ServerOptions,
  sql: SQL,
  localPublisher: () => LocalPublisher | null,
  cleanups: Cleanups,
  metrics: ServerMetrics,
) {
  // Every local delivery passes the watch, so a socket's opening count can tell a push came meanwhile.
  const publishes = createPublishWatch(localPublisher);
  const created = config.redisUrl
    ? await createRedisFanout(config.redisUrl, publishes.local, logger).catch((error: unknown) => {
        throw new StartupError(
          `REDIS_URL cannot be reached: ${error instanceof Error ? error.message : error}`,
        );
      })
    : createLocalFanout(publishes.local);
  cleanups.push(() => created.close());
  const fanout = timedFanout(created, metrics.publishSeconds);
  const connected = createConnectedWidgets();
  const census = createConnectedCensus(fanout, connected);
  const caps = options.widgetSocketCaps ?? (config.rateLimits ? defaultWidgetSocketCaps : noWidgetSocketCaps);
  const shared = await sharedRedis(config, sql, cleanups);
  const widgetSockets = shared
    ? createRedisWidgetSocketCounts(shared.redis, caps, logger, { prefix: shared.deployment })
    : createWidgetSocketCounts(caps);
  // Before Redis closes (cleanups run last first).
  cleanups.push(() => widgetSockets.close());
  const staffWatch = createStaffSocketWatch(sql, { intervalMs: options.staffRecheckMs, logger });
  cleanups.push(() => staffWatch.stop());
  const staffPresence = createStaffPresence(fanout, () => staffWatch.connectedUsers());
  const staffAccessChanged = signalStaffAccessChanged(fanout, logger);
  // Every process drops who it knows listens to webhooks (signal-dispatch.ts); a lost signal is logged.
  const announceWebhookChange = () =>
    fanout
      .signal(webhooksChangedSignal, "")
      .catch((error: unknown) => logger.warn("webhook change signal failed", { error: String(error) }));
  return {
    announceWebhookChange,
    fanout,
    publishes,
    connected,
    census,
    widgetSockets,
    staffWatch,
    staffPresence,
    staffAccessChanged,
    // With REDIS_URL the widget API's rate limits count in Redis, one window for every process.
    widgetRateLimiter: shared
      ? (name: string, rate: RateLimit): RateLimiter =>
          createRedisRateLimiter(shared.redis, `${shared.deployment}:widget:${name}`, rate, logger)
      : undefined,
  };
}

/**
 * With REDIS_URL, the connection the counters every process shares go through (the widget API's
 * rate limits, the widget socket caps). The processes sharing a database are one deployment; its id
 * (made once, kept in the settings) keeps its counters apart from another deployment's on the same
 * Redis.
 */
async function sharedRedis(
  config: ServerConfig,
  sql: SQL,
  cleanups: Cleanups,
): Promise<{ redis: RedisClient; deployment: string } | undefined> {
  if (!config.redisUrl) return undefined;
  const deployment = await ensureSetting(sql, "deployment_id", () => crypto.randomUUID());
  // Not queued while Redis is away: a limit or a socket count then decides in this process at once
  // (redis-rate-limiter.ts, redis-widget-socket-counts.ts) instead of holding the request until it is back.
  const redis = new RedisClient(config.redisUrl, { enableOfflineQueue: false });
  await redis.connect();
  cleanups.push(() => redis.close());
  return { redis, deployment };
}

type EventOutlets = ReturnType<typeof eventOutlets>;

/**
 * Where the routes tell what happened: the projects' webhooks, and the process's event bus
 * (domain/events/) with its listeners, which hear each event in the order they are added here. A new
 * consumer is a listener file and one line here. The bus stays in this process; the listeners' pushes
 * reach the sockets other processes hold through the fan-out.
 */
function eventOutlets(sql: SQL, logger: Logger, realtime: Realtime) {
  const webhooks = createWebhookEvents(sql, { logger, announce: realtime.announceWebhookChange });
  const events = createDomainEvents(logger);
  events.listen(widgetPushListener({ sql, fanout: realtime.fanout }));
  events.listen(staffPushListener({ sql, fanout: realtime.fanout, logger }));
  events.listen(webhookListener({ sql, webhooks }));
  return { webhooks, events };
}

type WidgetSide = ReturnType<typeof startWidgetSide>;

/** The widget API with its routes; a first sweep of report leftovers and the live delivery of content. */
function startWidgetSide(
  config: ServerConfig,
  logger: Logger,
  options: ServerOptions,
  parts: EventOutlets & {
    sql: SQL;
    sessionSecret: string;
    storage: FileStorage;
    urls: OriginUrls;
    realtime: Realtime;
    cleanups: Cleanups;
    metrics: ServerMetrics;
  },
) {
  const { sql, webhooks, events, sessionSecret, storage, urls, realtime, cleanups, metrics } = parts;
  const lookups = createWidgetLookupCache(sql);
  const pingWriter = createPingWriter(sql, {
    onCommit: metrics.pingCommitted,
    onFold: metrics.pingsFolded,
    onError: (error) => logger.warn("ping fold failed", { error: String(error) }),
  });
  metrics.watchPingQueue(pingWriter.queued);
  // Runs after both origins stopped taking requests and before the database closes.
  cleanups.push(() => pingWriter.drain());
  // Keeps a parser thread between reports (a thread's start was most of a lone report's time).
  const reportParser = createReportParserPool(defaultReportParserPoolOptions);
  cleanups.push(() => reportParser.close());
  const deps: WidgetRouteDeps = {
    sql,
    sessionSecret,
    fanout: realtime.fanout,
    storage,
    publicUrl: () => urls.main,
    messengerUrl: () => urls.messenger,
    logger,
    reportQuotas: config.rateLimits
      ? withReportCounts({ ...defaultReportQuotas, ...options.reportQuotas }, config.reportLimits)
      : noReportQuotas,
    conversationStarts: config.rateLimits ? defaultConversationStartLimits : noConversationStartLimits,
    installationLimits: config.rateLimits ? defaultInstallationLimits : noInstallationLimits,
    lookups,
    pingWriter,
    reportParser,
    webhooks,
    events,
  };
  const sweepReports = () =>
    sweepReportLeftovers(sql, storage).catch((error: unknown) =>
      logger.warn("report leftovers sweep failed", { error: String(error) }),
    );
  // A process that died mid-report may have left files without a row.
  void sweepReports();
  dispatchSignals(realtime.fanout, logger, {
    lookups,
    staffWatch: realtime.staffWatch,
    census: realtime.census,
    staffPresence: realtime.staffPresence,
    webhooks,
    deliverPublished: (projectId) => deliverToConnectedWidgets(deps, realtime.connected, projectId),
  });
  const limits = options.widgetRateLimits ?? (config.rateLimits ? undefined : noWidgetRateLimits);
  const routes = widgetRoutes(deps);
  const api = createWidgetApi(
    {
      sql,
      sessionSecret,
      limits,
      messengerOrigin: () => (urls.messenger ? new URL(urls.messenger).origin : ""),
      rateLimiter: realtime.widgetRateLimiter,
      lookups,
      onError: (error, request) =>
        logger.error("widget route failed", {
          path: new URL(request.url).pathname,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
    },
    routes,
  );
  const changes = announceWidgetChanges(realtime.fanout, lookups, (error) =>
    logger.warn("widget cache signal failed", { error: String(error) }),
  );
  return { deps, api, routes, sweepReports, lookups, changes, pingWriter };
}

type PlatformSide = Awaited<ReturnType<typeof createPlatformSide>>;

/**
 * The admin API's route tables, sign-in's first, imported when first asked for: they are most of a
 * start's module loading, and startServer asks only once it listens (a request that comes first waits
 * for them).
 */
async function loadPlatformRoutes(deps: {
  config: ServerConfig;
  logger: Logger;
  sql: SQL;
  reads: Reads;
  storage: FileStorage;
  guard: ReturnType<typeof createAuthGuard>;
  realtime: Realtime;
  widget: WidgetSide;
  urls: OriginUrls;
  webhooks: WebhookEvents;
  events: DomainEvents;
  invitations: Omit<Parameters<typeof invitationAcceptRoutes>[0], "sql">;
  signIn: { auth: Omit<Parameters<typeof authRoutes>[0], "guard">; publicConfig: ApiRoute };
}): Promise<ApiRoute[]> {
  const { config, logger, sql, reads, storage, guard, realtime, widget, urls, webhooks, invitations } = deps;
  const { fanout, staffAccessChanged } = realtime;
  const [
    { authRoutes },
    { accountRoutes },
    { invitationAcceptRoutes },
    { adminWidgetRoutes },
    { platformRoutes },
    { messengerAdminRoutes },
  ] = await Promise.all([
    import("./platform-api/auth/auth-routes.ts"),
    import("./platform-api/auth/account-routes.ts"),
    import("./platform-api/team/invitation-accept-routes.ts"),
    import("./platform-api/admin-widget-routes.ts"),
    import("./platform-api/platform-routes.ts"),
    import("./platform-api/messenger/messenger-admin-routes.ts"),
  ]);
  return [
    ...authRoutes({ ...deps.signIn.auth, guard }),
    ...accountRoutes(deps.signIn.auth),
    deps.signIn.publicConfig,
    ...invitationAcceptRoutes({ ...invitations, sql }),
    ...fileRoutes(widget.deps),
    ...adminWidgetRoutes({
      sql,
      reads,
      storage,
      guard,
      fanout,
      logger,
      connectedSessions: realtime.census.sessionsOf,
      widgetChanges: widget.changes,
      messengerUrl: () => urls.messenger,
      webhooks,
      webhookAllowedHosts: allowedHostsOf(config.webhookAllowedHosts),
      events: deps.events,
    }),
    ...platformRoutes({
      sql,
      reads,
      guard,
      staffAccessChanged,
      taskReports: config.taskReports,
      invitations,
    }),
    ...messengerAdminRoutes({ sql, reads, guard, events: deps.events }),
  ];
}

/** Sign-in (tokens, guard, captcha, limits) and every route of the platform API. */
async function createPlatformSide(
  config: ServerConfig,
  logger: Logger,
  options: ServerOptions,
  parts: EventOutlets & {
    sql: SQL;
    passwords: PasswordHashing;
    reads: Reads;
    storage: FileStorage;
    urls: OriginUrls;
    realtime: Realtime;
    widget: WidgetSide;
  },
) {
  const { sql, passwords, urls, realtime } = parts;
  const { staffAccessChanged } = realtime;
  const tokens = createAccessTokens(await ensureSetting(sql, "access_token_secret", randomSecret));
  const guard = createAuthGuard(sql, tokens);
  if (config.captcha.provider === "off")
    logger.warn("CAPTCHA_PROVIDER is off: logins are not checked for humans");
  const authLimiter = createSharedRateLimiter(sql);
  // A solved ALTCHA is spent in the database: every process refuses it after its first use.
  const captcha = createCaptcha(
    config.captcha,
    await ensureSetting(sql, "captcha_secret", randomSecret),
    fetch,
    async (signature, forMs) =>
      (await authLimiter.take(`altcha-spent:${signature}`, { limit: 1, windowMs: forMs })).allowed,
  );
  const authDeps = {
    sql,
    passwords,
    captcha,
    registrationEnabled: config.registrationEnabled,
    limits: { ...(config.rateLimits ? defaultAuthLimits : noAuthLimits), ...options.authLimits },
    slowdownSleep: options.loginSlowdownSleep,
    limiter: authLimiter,
    staffAccessChanged,
  };
  // Staff invitations (team-routes.ts): links answered to the inviter when no SMTP sends the mail.
  const invitations = {
    mailTransport: Boolean(config.smtp),
    adminUrl: () => urls.main,
    limiter: authLimiter,
    limits: config.rateLimits ? defaultInvitationLimits : noInvitationLimits,
    passwords,
    tokens,
  };
  const publicConfigRoute: ApiRoute = {
    method: "GET",
    pattern: "/api/public-config",
    // The messenger's address: the admin's report views load from it as from their own origin.
    handler: () =>
      json({
        captcha: captcha.publicConfig(),
        registrationEnabled: config.registrationEnabled,
        messengerUrl: urls.messenger,
      }),
  };
  // Sign-in's routes load with the rest of the admin API: a login before then waits for them.
  const signIn = { auth: { ...authDeps, tokens }, publicConfig: publicConfigRoute };
  const routeDeps = { ...parts, config, logger, guard, invitations, signIn };
  let [routes, loaded]: [Promise<ApiRoute[]> | null, readonly ApiRoute[]] = [null, []];
  return {
    guard,
    authLimiter,
    /** The platform API's routes, loaded on the first call (startServer calls it once it listens). */
    routes: () => {
      routes ??= loadPlatformRoutes(routeDeps).then((all) => (loaded = all));
      return routes;
    },
    /** The routes once loaded, none before (the metrics' labels). */
    loadedRoutes: () => loaded,
  };
}

/** Mail through SMTP when configured, webhook deliveries, and the sweeps every minute. */
function startBackgroundWork(
  config: ServerConfig,
  logger: Logger,
  sql: SQL,
  {
    widget,
    platform,
    webhooks,
    options,
    clock,
    metrics,
  }: {
    widget: WidgetSide;
    platform: PlatformSide;
    webhooks: WebhookEvents;
    options: ServerOptions;
    clock: ShutdownClock;
    metrics: ServerMetrics;
  },
  cleanups: Cleanups,
): void {
  const deliveries = startWebhookDispatcher(
    sql,
    logger,
    {
      ...defaultWebhookDispatch,
      allowedHosts: allowedHostsOf(config.webhookAllowedHosts),
      ...options.webhookDispatch,
    },
    metrics.webhookFailed,
  );
  // A pass a request wakes sends every due delivery: its lines are not that request's (request-context.ts).
  webhooks.onQueued(() => outsideRequest(deliveries.wake));
  // Deliveries left pending by an earlier run go out now, not at the first poll.
  deliveries.wake();
  // A stop waits for the tries under way while its deadline lasts; a try it leaves is tried again.
  cleanups.push(() => clock.bound(deliveries.stop()));
  if (config.smtp) {
    const { mailDispatchMs } = options;
    const dispatcher = startMailDispatcher(sql, config.smtp, logger, mailDispatchMs, metrics.mailRefused);
    cleanups.push(() => clock.bound(dispatcher.stop()));
  }
  const sweeper = setInterval(() => {
    widget.api.sweep();
    platform.authLimiter
      .sweep()
      .catch((error: unknown) => logger.warn("rate limit sweep failed", { error: String(error) }));
    void widget.sweepReports();
  }, 60_000);
  cleanups.push(() => clearInterval(sweeper));
}

/** The main origin's metric labels, made again once the platform API's routes have loaded. */
function mainLabeler(widgetRoutes: readonly RoutePattern[], platformRoutes: () => readonly RoutePattern[]) {
  let labelled = platformRoutes();
  let labeler = mainOriginLabeler({ widgetRoutes, platformRoutes: labelled });
  return (method: string, path: string) => {
    const routes = platformRoutes();
    if (routes !== labelled) {
      labelled = routes;
      labeler = mainOriginLabeler({ widgetRoutes, platformRoutes: routes });
    }
    return labeler(method, path);
  };
}

/** The request handlers of both origins, each behind the request log. */
function createOrigins(
  config: ServerConfig,
  logger: Logger,
  parts: {
    db: Database;
    manifest: ServedBuildManifest;
    urls: OriginUrls;
    realtime: Realtime;
    widget: WidgetSide;
    platform: PlatformSide;
    storage: FileStorage;
    diskState: () => DiskState;
    metrics: ServerMetrics;
    cleanups: Cleanups;
  },
) {
  const { db, manifest, urls, realtime, widget, platform, storage, diskState, metrics } = parts;
  const readiness = readinessOf(config, logger, db, parts.cleanups);
  const main = withRequestLog(
    logger,
    "main",
    refuseWritesWhenDiskFull(
      createMainOrigin({
        db,
        manifest,
        distDir: config.distDir,
        widgetApi: widget.api,
        platformRoutes: platform.routes,
        captchaProvider: config.captcha.provider,
        authenticateStaff: (request) => authenticateStaffSocket(platform.guard, request),
        widgetSockets: realtime.widgetSockets,
        messengerUrl: () => urls.messenger,
        clientAddress: clientAddressOf(config.trustedProxies),
        readiness: readiness.answer,
      }),
      diskState,
    ),
    metrics.http.observerFor("main", mainLabeler(widget.routes, platform.loadedRoutes)),
  );
  const messenger = withRequestLog(
    logger,
    "messenger",
    createMessengerOrigin({
      manifest,
      distDir: config.distDir,
      frameAncestors: (sdkKey) => frameAncestorsFor(db.sql, sdkKey),
      uploads: uploadFiles({ storage }),
    }),
    metrics.http.observerFor("messenger", messengerOriginLabeler()),
  );
  return { main, messenger };
}

/** `/readyz`: the database, and Redis and the file storage where configured, each asked with a bound. */
function readinessOf(config: ServerConfig, logger: Logger, db: Database, cleanups: Cleanups) {
  const redis = config.redisUrl ? redisProbe(config.redisUrl) : null;
  if (redis) cleanups.push(() => redis.close());
  return createReadiness(
    [
      { name: "database", probe: databaseProbe(db.ping) },
      { name: "redis", probe: redis },
      { name: "storage", probe: storageProbe(config.storage) },
    ],
    logger,
  );
}

/** Binds one origin; a port that is taken is an operator's problem, reported as one line. */
function listen<S>(variable: string, port: number, serve: () => S): S {
  try {
    return serve();
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "";
    if (code === "EADDRINUSE")
      throw new StartupError(`${variable} ${port} is already in use; set ${variable} to a free port`);
    throw error;
  }
}
