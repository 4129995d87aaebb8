import { describe, expect, test } from "bun:test";
import { loadConfig } from "../config.ts";
import { argon2Parameters, passwordHashing } from "./password-hashing.ts";

/** Production hashes (64 MiB, two passes) take most of a second each alone; 15 s ran out on a loaded run. */
const productionHashTimeoutMs = 60_000;

describe("password hashing", () => {
  test(
    "production hashes are argon2id with 64 MiB and two passes, and that is the default",
    async () => {
      expect(loadConfig({}).passwordHashCost).toBe("production");
      const production = passwordHashing("production");
      const hash = await production.hash("correct horse");
      expect(hash).toStartWith("$argon2id$v=19$m=65536,t=2,p=1$");
      expect(await production.verify("correct horse", hash)).toBe(true);
      expect(await production.verify("wrong horse", hash)).toBe(false);
      expect(await production.decoyHash()).toStartWith("$argon2id$v=19$m=65536,t=2,p=1$");
    },
    productionHashTimeoutMs,
  );

  test(
    "test hashes are argon2id with the smallest parameters, and verify across both costs",
    async () => {
      expect(argon2Parameters.test).toEqual({ memoryCost: 8, timeCost: 1 });
      expect(loadConfig({ PASSWORD_HASH_COST: "test" }).passwordHashCost).toBe("test");
      const cheap = passwordHashing("test");
      const hash = await cheap.hash("correct horse");
      expect(hash).toStartWith("$argon2id$v=19$m=8,t=1,p=1$");
      // The parameters travel in the hash: a production server verifies a test hash and the other way round.
      expect(await passwordHashing("production").verify("correct horse", hash)).toBe(true);
      expect(
        await cheap.verify("correct horse", await passwordHashing("production").hash("correct horse")),
      ).toBe(true);
      // One decoy per instance, made once.
      expect(await cheap.decoyHash()).toBe(await cheap.decoyHash());
    },
    productionHashTimeoutMs,
  );

  test("an unknown cost is refused at start with the variable named", () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: "none" })).toThrow(/PASSWORD_HASH_COST/);
  });
});
