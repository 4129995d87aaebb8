import { loadBuildManifest } from "./build-manifest-loader.ts";
import type { ServerConfig } from "./config.ts";
import { ensureWritableDataDir } from "./data-dir.ts";
import { type Database, openDatabase } from "./database/database.ts";
import { runMigrations } from "./database/migrations.ts";
import { randomSecret, seedDemoData } from "./demo-seed.ts";
import { type Handler, withRequestLog } from "./http/request-log.ts";
import type { Logger } from "./logger.ts";
import { createMainOrigin } from "./main-origin.ts";
import { createMessengerOrigin } from "./messenger-origin.ts";
import { ensureSetting } from "./settings-repository.ts";
import { StartupError } from "./startup-error.ts";

export interface RunningServer {
  mainUrl: string;
  messengerUrl: string;
  db: Database;
  stop(): Promise<void>;
}

/** Everything `npm start` does after reading the config: storage, schema, demo data, both origins. */
export async function startServer(config: ServerConfig, logger: Logger): Promise<RunningServer> {
  await ensureWritableDataDir(config.dataDir);
  const manifest = await loadBuildManifest(config.distDir);
  const db = await openDatabase(config.database);
  try {
    const { applied } = await runMigrations(db.sql);
    if (applied.length > 0) logger.info("migrations applied", { applied });
    if (config.seedDemo) {
      const { seeded } = await seedDemoData(db.sql);
      if (seeded) logger.info("demo data seeded");
    }
    const sessionSecret = await ensureSetting(db.sql, "widget_session_secret", randomSecret);
    const mainOrigin = withRequestLog(
      logger,
      "main",
      createMainOrigin({ db, manifest, distDir: config.distDir, sessionSecret }),
    );
    const messengerOrigin = withRequestLog(
      logger,
      "messenger",
      createMessengerOrigin({ manifest, distDir: config.distDir }),
    );
    const main = listen("PORT", config.host, config.port, mainOrigin);
    let messenger: Bun.Server<undefined>;
    try {
      messenger = listen("MESSENGER_PORT", config.host, config.messengerPort, messengerOrigin);
    } catch (error) {
      await main.stop(true);
      throw error;
    }
    return {
      mainUrl: config.publicUrl ?? `http://localhost:${main.port}`,
      messengerUrl: config.messengerUrl ?? `http://localhost:${messenger.port}`,
      db,
      async stop() {
        await Promise.all([main.stop(true), messenger.stop(true)]);
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Binds one origin; a port that is taken is an operator's problem, reported as one line. */
function listen(variable: string, hostname: string, port: number, fetch: Handler): Bun.Server<undefined> {
  try {
    return Bun.serve({ hostname, port, fetch });
  } catch (error) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "";
    if (code === "EADDRINUSE")
      throw new StartupError(`${variable} ${port} is already in use; set ${variable} to a free port`);
    throw error;
  }
}
