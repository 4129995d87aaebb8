import { loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { startServer } from "./server.ts";
import { StartupError } from "./startup-error.ts";

// The entry of `npm start`: a start-up problem the operator can fix is one line and exit code 1.
try {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const server = await startServer(config, logger);
  const shutdown = async (signal: string) => {
    logger.info("shutting down", { signal });
    await server.stop();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  logger.info("ready", { main: server.mainUrl, messenger: server.messengerUrl, database: server.db.engine });
  console.log(
    [
      "",
      `  Admin dashboard    ${server.mainUrl}/`,
      `  Demo host page     ${server.mainUrl}/demo`,
      `  Widget SDK         ${server.mainUrl}/sdk/loader.js`,
      `  Widget API         ${server.mainUrl}/api/widget        (Gleap.setApiUrl)`,
      `  Widget websocket   ${server.mainUrl.replace(/^http/, "ws")}/api/widget/ws  (Gleap.setWSApiUrl)`,
      `  Messenger          ${server.messengerUrl}/        (Gleap.setFrameUrl)`,
      `  Health             ${server.mainUrl}/healthz`,
      "",
    ].join("\n"),
  );
} catch (error) {
  if (!(error instanceof StartupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
