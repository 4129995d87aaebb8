import type { PublicUser } from "../auth-api.ts";

/**
 * The demo admin (`admin` / `admin@example.com`, seeded by the server) as the API describes the account,
 * without its id, which each test knows its own way (the database's, or a made-up one on the client).
 */
export const demoAdminAccount = {
  name: "admin",
  email: "admin@example.com",
  role: "ADMIN",
  emailVerified: true,
  enabled: true,
  mfaEnabled: false,
} as const satisfies Omit<PublicUser, "id">;
