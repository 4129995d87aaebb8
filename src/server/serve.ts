import { loadConfig } from "./config.ts";
import { createLogger, printAfterLogLines } from "./logger.ts";
import { startServer } from "./server.ts";
import { StartupError } from "./startup-error.ts";

/**
 * Runs the server from an environment until a signal stops it: what `npm start` and the binary's
 * `serve` command do. A start-up problem the operator can fix is one line on stderr and exit code 1.
 */
export async function serve(env: Record<string, string | undefined>): Promise<void> {
  try {
    const config = loadConfig(env);
    const logger = createLogger(config.logLevel);
    const server = await startServer(config, logger);
    // A stop lets the requests under way finish, closes the sockets with "Service Restart" (the
    // clients come back to the next process) and closes the database last (graceful-shutdown.ts).
    // `once`: a second Ctrl-C ends the process at once, as a kill -9 would, and loses nothing answered.
    const shutdown = async (signal: string) => {
      const started = performance.now();
      logger.info("shutting down", { signal, timeoutMs: config.shutdownTimeoutMs });
      try {
        await server.stop();
      } catch (error) {
        logger.error("shutdown failed", { error: error instanceof Error ? error.message : String(error) });
        process.exit(1);
      }
      logger.info("stopped", { ms: Math.round(performance.now() - started) });
      process.exit(0);
    };
    process.once("SIGINT", () => void shutdown("SIGINT"));
    process.once("SIGTERM", () => void shutdown("SIGTERM"));
    logger.info("ready", {
      main: server.mainUrl,
      messenger: server.messengerUrl,
      database: server.db.engine,
    });
    // After the log's lines: they are written in batches (logger.ts).
    printAfterLogLines(
      [
        "",
        `  Admin dashboard    ${server.mainUrl}/`,
        `  Demo host page     ${server.mainUrl}/demo`,
        `  Widget SDK         ${server.mainUrl}/sdk/loader.js`,
        `  Widget API         ${server.mainUrl}/api/widget        (Gleap.setApiUrl)`,
        `  Widget websocket   ${server.mainUrl.replace(/^http/, "ws")}/api/widget/ws  (Gleap.setWSApiUrl)`,
        `  Messenger          ${server.messengerUrl}/        (Gleap.setFrameUrl)`,
        `  Health             ${server.mainUrl}/healthz   (readiness: /readyz)`,
        ...(server.metricsUrl ? [`  Metrics            ${server.metricsUrl}`] : []),
        "",
      ].join("\n"),
    );
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
