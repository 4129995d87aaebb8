/**
 * How stored passwords are hashed: argon2id, at production strength unless the server is told
 * `PASSWORD_HASH_COST=test`. Test servers hash with tiny parameters because the suite creates and signs
 * in hundreds of accounts, and at production strength each hash costs 150–700 ms of CPU that tests
 * nothing. Verifying reads the parameters from the stored hash, so either setting verifies both.
 */
export const passwordHashCosts = ["production", "test"] as const;
export type PasswordHashCost = (typeof passwordHashCosts)[number];

/** argon2id parameters per cost: memory in KiB, passes over it. */
export const argon2Parameters: Record<PasswordHashCost, { memoryCost: number; timeCost: number }> = {
  // Bun's defaults, written out so a change of Bun's cannot weaken stored passwords unnoticed.
  production: { memoryCost: 65536, timeCost: 2 },
  // The smallest argon2id accepts: a hash in well under a millisecond.
  test: { memoryCost: 8, timeCost: 1 },
};

export interface PasswordHashing {
  readonly cost: PasswordHashCost;
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /**
   * A hash of a password nobody has, at this cost, to verify against when a sign-in names no account:
   * a wrong name then takes as long as a wrong password.
   */
  decoyHash(): Promise<string>;
}

export function passwordHashing(cost: PasswordHashCost): PasswordHashing {
  const parameters = { algorithm: "argon2id" as const, ...argon2Parameters[cost] };
  let decoy: Promise<string> | null = null;
  return {
    cost,
    hash: (password) => Bun.password.hash(password, parameters),
    verify: (password, hash) => Bun.password.verify(password, hash),
    decoyHash() {
      decoy ??= Bun.password.hash("decoy-password", parameters);
      return decoy;
    },
  };
}
