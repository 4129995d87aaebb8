import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ConfigError, loadConfig } from "./config.ts";
import { describeConfigProblem, reviewConfig } from "./config-problems.ts";

const cwd = "/srv/app";

const badEnvironment = {
  PORT: "eighty",
  MESSENGER_PORT: "70000",
  LOG_LEVEL: "loud",
  DATABASE_URL: "mysql://db/app",
  REDIS_URL: "http://cache",
  CAPTCHA_PROVIDER: "recaptcha",
  TRUSTED_PROXIES: "not-an-address",
  SHUTDOWN_TIMEOUT_MS: "0",
  DATA_DIR: "/var/lib/gleam",
};

describe("reviewConfig", () => {
  test("names every invalid variable, once each, in the order the server reads them", () => {
    const { problems } = reviewConfig(badEnvironment, cwd);
    expect(problems.map((problem) => problem.variable)).toEqual([
      "PORT",
      "MESSENGER_PORT",
      "DATABASE_URL",
      "LOG_LEVEL",
      "REDIS_URL",
      "CAPTCHA_PROVIDER",
      "TRUSTED_PROXIES",
      "SHUTDOWN_TIMEOUT_MS",
    ]);
    for (const problem of problems)
      expect(describeConfigProblem(problem)).toStartWith(`${problem.variable} `);
  });

  test("answers the configuration with each invalid variable at its default and the valid ones as given", () => {
    const { config } = reviewConfig(badEnvironment, cwd);
    expect(config?.port).toBe(3000);
    expect(config?.logLevel).toBe("info");
    expect(config?.redisUrl).toBeUndefined();
    expect(config?.dataDir).toBe("/var/lib/gleam");
    expect(config?.database).toMatchObject({
      engine: "sqlite",
      filename: join("/var/lib/gleam", "app.sqlite"),
    });
  });

  test("a valid environment has no problem and the configuration loadConfig answers", () => {
    const env = { PORT: "8080", REDIS_URL: "redis://cache:6379", SMTP_URL: "smtp://mail:25" };
    expect(reviewConfig(env, cwd)).toEqual({ problems: [], config: loadConfig(env, cwd) });
  });

  test("a problem that stays without its variable ends the review: no configuration to check with", () => {
    const review = reviewConfig({ PORT: "3001", LOG_LEVEL: "loud" }, cwd);
    expect(review.problems.map((problem) => problem.variable)).toEqual(["MESSENGER_PORT"]);
    expect(review.config).toBeNull();
  });

  test("leaves loadConfig as the server runs it: the first problem is thrown", () => {
    expect(() => loadConfig(badEnvironment, cwd)).toThrow(ConfigError);
    expect(() => loadConfig(badEnvironment, cwd)).toThrow(/PORT must be a port number/);
  });
});
