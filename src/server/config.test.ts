import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ConfigError, loadConfig } from "./config.ts";
import { StartupError } from "./startup-error.ts";

const cwd = "/srv/app";

/** The SQLite database a DATABASE_URL names, with the default WAL limit. */
const sqliteAt = (filename: string) => ({
  engine: "sqlite" as const,
  filename,
  walLimitBytes: 64 * 1024 * 1024,
});

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig defaults", () => {
  const config = loadConfig({}, cwd);

  test("ports default to 3000 and 3001", () => {
    expect(config.port).toBe(3000);
    expect(config.messengerPort).toBe(3001);
  });

  test("DATA_DIR defaults to ./data resolved against cwd", () => {
    expect(config.dataDir).toBe(join(cwd, "data"));
  });

  test("DIST_DIR defaults to ./dist resolved against cwd", () => {
    expect(config.distDir).toBe(join(cwd, "dist"));
  });

  test("the database is the sqlite file app.sqlite in DATA_DIR", () => {
    expect(config.database).toEqual(sqliteAt(join(cwd, "data", "app.sqlite")));
  });

  test("the sqlite file follows a custom DATA_DIR", () => {
    const custom = loadConfig({ DATA_DIR: "var/store" }, cwd);
    expect(custom.dataDir).toBe(join(cwd, "var", "store"));
    expect(custom.database).toEqual(sqliteAt(join(cwd, "var", "store", "app.sqlite")));
  });

  test("SEED_DEMO defaults to true and LOG_LEVEL to info", () => {
    expect(config.seedDemo).toBe(true);
    expect(config.logLevel).toBe("info");
  });

  test("public and messenger URLs are unset", () => {
    expect(config.publicUrl).toBeUndefined();
    expect(config.messengerUrl).toBeUndefined();
  });

  test("host defaults to 0.0.0.0", () => {
    expect(config.host).toBe("0.0.0.0");
  });

  test("empty values fall back to the defaults", () => {
    const blank = loadConfig(
      { PORT: "", MESSENGER_PORT: " ", SEED_DEMO: "", LOG_LEVEL: "", DATA_DIR: "" },
      cwd,
    );
    expect(blank.port).toBe(3000);
    expect(blank.messengerPort).toBe(3001);
    expect(blank.seedDemo).toBe(true);
    expect(blank.logLevel).toBe("info");
    expect(blank.dataDir).toBe(join(cwd, "data"));
  });
});

describe("loadConfig rejects bad values", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["PORT=abc", { PORT: "abc" }, "PORT"],
    ["PORT=70000", { PORT: "70000" }, "PORT"],
    ["PORT=-1", { PORT: "-1" }, "PORT"],
    ["MESSENGER_PORT=abc", { MESSENGER_PORT: "abc" }, "MESSENGER_PORT"],
    ["MESSENGER_PORT equal to PORT", { PORT: "4000", MESSENGER_PORT: "4000" }, "MESSENGER_PORT"],
    ["PUBLIC_URL=not-a-url", { PUBLIC_URL: "not-a-url" }, "PUBLIC_URL"],
    ["PUBLIC_URL=ftp://x", { PUBLIC_URL: "ftp://x" }, "PUBLIC_URL"],
    ["MESSENGER_URL=ftp://x", { MESSENGER_URL: "ftp://x" }, "MESSENGER_URL"],
    ["SEED_DEMO=maybe", { SEED_DEMO: "maybe" }, "SEED_DEMO"],
    ["LOG_LEVEL=loud", { LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    ["DATABASE_URL=mysql://x", { DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    ["DATABASE_URL=sqlite://", { DATABASE_URL: "sqlite://" }, "DATABASE_URL"],
  ];

  for (const [label, env, variable] of cases) {
    test(`${label} throws a ConfigError naming ${variable}`, () => {
      const error = configError(env);
      expect(error).toBeInstanceOf(StartupError);
      expect(error.name).toBe("ConfigError");
      expect(error.variable).toBe(variable);
      expect(error.message).toStartWith(`Invalid configuration: ${variable} `);
    });
  }

  test("the message quotes the bad value for ordinary variables", () => {
    expect(configError({ PORT: "abc" }).message).toContain('"abc"');
    expect(configError({ LOG_LEVEL: "loud" }).message).toContain('"loud"');
  });

  test("the MESSENGER_PORT clash message names PORT too", () => {
    expect(configError({ PORT: "4000", MESSENGER_PORT: "4000" }).message).toContain("PORT (both are 4000)");
  });

  test("MESSENGER_PORT=3000 clashes with the default PORT", () => {
    expect(configError({ MESSENGER_PORT: "3000" }).variable).toBe("MESSENGER_PORT");
  });

  test("the DATABASE_URL message never echoes the value", () => {
    const secret = "mysql://root:hunter2@db.internal/app";
    const error = configError({ DATABASE_URL: secret });
    expect(error.message).not.toContain("hunter2");
    expect(error.message).not.toContain("mysql");
    expect(error.message).not.toContain("db.internal");
  });
});

describe("loadConfig accepted values", () => {
  test("postgres:// and postgresql:// select the postgres engine with the URL as given", () => {
    for (const url of ["postgres://user:pw@db:5432/app", "postgresql://user:pw@db/app"]) {
      expect(loadConfig({ DATABASE_URL: url }, cwd).database).toEqual({ engine: "postgres", url });
    }
  });

  test("sqlite://path selects the sqlite engine at that file", () => {
    expect(loadConfig({ DATABASE_URL: "sqlite:///var/lib/app/db.sqlite" }, cwd).database).toEqual(
      sqliteAt("/var/lib/app/db.sqlite"),
    );
  });

  test("a relative sqlite:// path resolves against the given working directory", () => {
    expect(loadConfig({ DATABASE_URL: "sqlite://db/app.sqlite" }, "/srv/app").database).toEqual(
      sqliteAt("/srv/app/db/app.sqlite"),
    );
  });

  test("sqlite://:memory: is kept as the in-memory database", () => {
    expect(loadConfig({ DATABASE_URL: "sqlite://:memory:" }, cwd).database).toEqual(sqliteAt(":memory:"));
  });

  test("SEED_DEMO=0 and SEED_DEMO=false turn seeding off", () => {
    expect(loadConfig({ SEED_DEMO: "0" }, cwd).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "false" }, cwd).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: "FALSE" }, cwd).seedDemo).toBe(false);
  });

  test("SEED_DEMO=1 and SEED_DEMO=true keep seeding on", () => {
    expect(loadConfig({ SEED_DEMO: "1" }, cwd).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "true" }, cwd).seedDemo).toBe(true);
  });

  test("PORT=0 and MESSENGER_PORT=0 together are allowed", () => {
    const config = loadConfig({ PORT: "0", MESSENGER_PORT: "0" }, cwd);
    expect(config.port).toBe(0);
    expect(config.messengerPort).toBe(0);
  });

  test("explicit ports are read as numbers", () => {
    const config = loadConfig({ PORT: "8080", MESSENGER_PORT: "65535" }, cwd);
    expect(config.port).toBe(8080);
    expect(config.messengerPort).toBe(65535);
  });

  test("PUBLIC_URL loses its trailing slash", () => {
    expect(loadConfig({ PUBLIC_URL: "https://feedback.example.com/" }, cwd).publicUrl).toBe(
      "https://feedback.example.com",
    );
    expect(loadConfig({ PUBLIC_URL: "https://example.com/feedback//" }, cwd).publicUrl).toBe(
      "https://example.com/feedback",
    );
  });

  test("MESSENGER_URL is read like PUBLIC_URL", () => {
    expect(loadConfig({ MESSENGER_URL: "http://localhost:4001/" }, cwd).messengerUrl).toBe(
      "http://localhost:4001",
    );
  });

  test("every log level is accepted", () => {
    for (const level of ["debug", "info", "warn", "error", "silent"] as const) {
      expect(loadConfig({ LOG_LEVEL: level }, cwd).logLevel).toBe(level);
    }
  });

  test("absolute DATA_DIR and DIST_DIR are kept", () => {
    const config = loadConfig({ DATA_DIR: "/data", DIST_DIR: "/opt/dist", HOST: "127.0.0.1" }, cwd);
    expect(config.dataDir).toBe("/data");
    expect(config.distDir).toBe("/opt/dist");
    expect(config.host).toBe("127.0.0.1");
  });
});

describe("task report rules", () => {
  test("three reporters hide a task and a user files ten reports a day by default", () => {
    expect(loadConfig({}, cwd).taskReports).toEqual({ hideAfterReporters: 3, perUserPerDay: 10 });
  });

  test("TASK_REPORT_THRESHOLD and TASK_REPORTS_PER_DAY set them", () => {
    expect(loadConfig({ TASK_REPORT_THRESHOLD: "5", TASK_REPORTS_PER_DAY: " 20 " }, cwd).taskReports).toEqual(
      {
        hideAfterReporters: 5,
        perUserPerDay: 20,
      },
    );
  });

  test("zero, negative or non-numbers are refused with the variable's name", () => {
    for (const value of ["0", "-1", "1.5", "three"]) {
      expect(configError({ TASK_REPORT_THRESHOLD: value }).variable).toBe("TASK_REPORT_THRESHOLD");
      expect(configError({ TASK_REPORTS_PER_DAY: value }).variable).toBe("TASK_REPORTS_PER_DAY");
    }
  });
});

describe("disk bounds", () => {
  test("unset, the WAL is held under 64 MB and writes stop with 512 MB free", () => {
    const config = loadConfig({}, cwd);
    expect(config.database).toMatchObject({ walLimitBytes: 64 * 1024 * 1024 });
    expect(config.diskMinFreeBytes).toBe(512 * 1024 * 1024);
  });

  test("SQLITE_WAL_LIMIT_MB and DISK_MIN_FREE_MB take megabytes; DISK_MIN_FREE_MB=0 turns the watch off", () => {
    const config = loadConfig({ SQLITE_WAL_LIMIT_MB: "16", DISK_MIN_FREE_MB: "0" }, cwd);
    expect(config.database).toMatchObject({ walLimitBytes: 16 * 1024 * 1024 });
    expect(config.diskMinFreeBytes).toBe(0);
  });

  test("a WAL limit under 4 MB, fractions or words are refused with the variable's name", () => {
    for (const value of ["3", "0", "1.5", "lots"])
      expect(configError({ SQLITE_WAL_LIMIT_MB: value }).variable).toBe("SQLITE_WAL_LIMIT_MB");
    for (const value of ["-1", "1.5", "lots"])
      expect(configError({ DISK_MIN_FREE_MB: value }).variable).toBe("DISK_MIN_FREE_MB");
  });
});

describe("widget report limits", () => {
  test("unset, the quotas' own defaults stay (report-quotas.ts)", () => {
    expect(loadConfig({}, cwd).reportLimits).toEqual({
      session: undefined,
      ip: undefined,
      project: undefined,
    });
  });

  test("REPORTS_PER_SESSION, REPORTS_PER_IP and REPORTS_PER_PROJECT set the counts", () => {
    const env = { REPORTS_PER_SESSION: "3", REPORTS_PER_IP: " 500 ", REPORTS_PER_PROJECT: "100000" };
    expect(loadConfig(env, cwd).reportLimits).toEqual({ session: 3, ip: 500, project: 100_000 });
  });

  test("zero, negative or non-numbers are refused with the variable's name", () => {
    for (const value of ["0", "-1", "1.5", "three"])
      for (const variable of ["REPORTS_PER_SESSION", "REPORTS_PER_IP", "REPORTS_PER_PROJECT"])
        expect(configError({ [variable]: value }).variable).toBe(variable);
  });
});

describe("webhook exceptions", () => {
  test("unset, webhooks reach public addresses only", () => {
    expect(loadConfig({}, cwd).webhookAllowedHosts).toEqual([]);
  });

  test("WEBHOOK_ALLOWED_HOSTS lists names, *.names, addresses and ranges, trimmed and lower-cased", () => {
    const env = { WEBHOOK_ALLOWED_HOSTS: " localhost, 127.0.0.0/8,Mock.Internal,,*.dev.internal ,::1" };
    expect(loadConfig(env, cwd).webhookAllowedHosts).toEqual([
      "localhost",
      "127.0.0.0/8",
      "mock.internal",
      "*.dev.internal",
      "::1",
    ]);
  });

  test("an entry that is no name, address or range is refused and quoted", () => {
    for (const value of ["10.0.0.0/33", "localhost,http://x", "a b"]) {
      const error = configError({ WEBHOOK_ALLOWED_HOSTS: value });
      expect(error.variable).toBe("WEBHOOK_ALLOWED_HOSTS");
      expect(error.message).toMatch(/entry "[^"]+" is not/);
    }
  });
});

describe("shutdown timeout", () => {
  test("SHUTDOWN_TIMEOUT_MS: 10 s unset, whole milliseconds when set", () => {
    expect(loadConfig({}, cwd).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: "25000" }, cwd).shutdownTimeoutMs).toBe(25_000);
  });

  test("zero, fractions or words are refused with the variable's name", () => {
    for (const value of ["0", "-1", "1.5", "soon"])
      expect(configError({ SHUTDOWN_TIMEOUT_MS: value }).variable).toBe("SHUTDOWN_TIMEOUT_MS");
  });
});

describe("metrics listener", () => {
  test("unset: no listener; set: its port, on loopback unless METRICS_HOST says otherwise", () => {
    expect(loadConfig({}, cwd).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: " " }, cwd).metricsPort).toBeUndefined();
    const on = loadConfig({ METRICS_PORT: "9464" }, cwd);
    expect([on.metricsPort, on.metricsHost]).toEqual([9464, "127.0.0.1"]);
    expect(loadConfig({ METRICS_PORT: "0", METRICS_HOST: "0.0.0.0" }, cwd).metricsHost).toBe("0.0.0.0");
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "::1" }, cwd).metricsHost).toBe("::1");
  });

  test("a port that is no port, or is an origin's, and a host that is no host are refused by name", () => {
    for (const value of ["abc", "70000", "-1"])
      expect(configError({ METRICS_PORT: value }).variable).toBe("METRICS_PORT");
    expect(configError({ METRICS_PORT: "3000" }).message).toContain("must differ from PORT (both are 3000)");
    expect(configError({ MESSENGER_PORT: "4001", METRICS_PORT: "4001" }).message).toContain("MESSENGER_PORT");
    expect(configError({ METRICS_HOST: "http://x y" }).variable).toBe("METRICS_HOST");
  });
});
