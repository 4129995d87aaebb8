import type { SQL } from "bun";
import { createUser } from "../../auth/users-repository.ts";
import { type Answer, logIn, readAnswer } from "../../test-support/api-calls.ts";
import { testPasswords } from "../../test-support/test-passwords.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";

/** What the users tests share: a real server, the seeded admin's token and request helpers. */
export interface UsersTestContext {
  server: TestServer;
  sql: SQL;
  main: string;
  adminToken: string;
  adminId: string;
  /** Sends a request as the admin; `token: null` sends none. A 204 answers a null body. */
  call<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<Answer<T>>;
  /** Inserts an account directly (no password hashing: it cannot sign in). */
  insertUser(fields: UserFields): Promise<string>;
  /** An account that can sign in, with its token. */
  signedInUser(name: string, role?: "ADMIN" | "USER"): Promise<{ id: string; token: string }>;
  dispose(): Promise<void>;
}

interface RequestOptions {
  body?: unknown;
  raw?: string;
  token?: string | null;
}

export const notAuthorized = { error: "You are not authorized to use this dashboard." };

export interface UserFields {
  name: string;
  email?: string | null;
  role?: "ADMIN" | "USER";
  enabled?: boolean;
  emailVerified?: boolean;
  mfaEnabled?: boolean;
  newsletter?: boolean;
  balance?: number;
  xp?: number;
  createdAt?: string;
  lastLoginAt?: string | null;
}

export async function startUsersServer(): Promise<UsersTestContext> {
  const server = await startTestServer();
  const sql = server.db.sql;
  const main = server.mainUrl;
  const adminToken = await logIn(main, "admin@example.com", "admin");
  const [admin] = await sql`SELECT id FROM users WHERE email = 'admin@example.com'`;
  return {
    server,
    sql,
    main,
    adminToken,
    adminId: admin.id,
    async call<T>(method: string, path: string, options: RequestOptions = {}) {
      const token = options.token === undefined ? adminToken : options.token;
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (token !== null) headers.Authorization = `Bearer ${token}`;
      const response = await fetch(`${main}${path}`, {
        method,
        headers,
        body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      });
      return readAnswer<T>(response);
    },
    async insertUser(fields: UserFields) {
      const id = crypto.randomUUID();
      const email = fields.email === undefined ? `${fields.name.toLowerCase()}@example.com` : fields.email;
      await sql`INSERT INTO users (id, name, name_key, email, password_hash, role, enabled, email_verified,
          mfa_enabled, newsletter, balance, xp, created_at, last_login_at)
        VALUES (${id}, ${fields.name}, ${fields.name.toLowerCase()}, ${email}, ${"not-a-hash"},
          ${fields.role ?? "USER"}, ${fields.enabled ?? true}, ${fields.emailVerified ?? false},
          ${fields.mfaEnabled ?? false}, ${fields.newsletter ?? false}, ${fields.balance ?? 0}, ${fields.xp ?? 0},
          ${fields.createdAt ?? new Date().toISOString()}, ${fields.lastLoginAt ?? null})`;
      return id;
    },
    async signedInUser(name: string, role: "ADMIN" | "USER" = "USER") {
      const password = `${name}-password`;
      const user = await createUser(
        sql,
        {
          name,
          email: `${name.toLowerCase()}@example.com`,
          password,
          role,
          emailVerified: true,
        },
        testPasswords,
      );
      return { id: user.id, token: await logIn(main, name, password) };
    },
    dispose: () => server.dispose(),
  };
}

/** Status and body together, the body untyped, for comparing a refusal in one assertion. */
export const outcome = (answer: Answer<unknown>) => ({ status: answer.status, body: answer.body as unknown });
