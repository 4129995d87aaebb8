import type { SQL } from "bun";
import type { CodingContent } from "../../shared/challenges-api.ts";
import { createUser, type StoredUser } from "../auth/users-repository.ts";
import { callApi, logIn as logInAt } from "./api-calls.ts";
import { testPasswords } from "./test-passwords.ts";
import type { TestServer } from "./test-server.ts";

/**
 * Helpers for the reports tests: HTTP calls with a bearer token, and challenges and tasks inserted with
 * SQL (their endpoints belong to another part of the API).
 */
export function apiClient(server: TestServer) {
  const base = server.mainUrl;

  const logIn = (login: string, password: string) => logInAt(base, login, password);
  const call = (method: string, path: string, token: string | null, body?: unknown) =>
    callApi(base, method, path, body, token);

  /** A USER-role account and its access token. */
  async function member(name: string): Promise<{ user: StoredUser; token: string }> {
    const password = `${name}-password`;
    const user = await createUser(
      server.db.sql,
      {
        name,
        email: `${name.toLowerCase()}@example.com`,
        password,
        role: "USER",
      },
      testPasswords,
    );
    return { user, token: await logIn(user.email ?? name, password) };
  }

  return { logIn, call, member };
}

export async function insertChallenge(
  sql: SQL,
  challenge: { title?: string; creatorId?: string | null } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await sql`INSERT INTO challenges (id, title, description, difficulty, status, creator_id, created_at, updated_at)
    VALUES (${id}, ${challenge.title ?? "Challenge"}, ${""}, ${"EASY"}, ${"PUBLISHED"},
      ${challenge.creatorId ?? null}, ${now}, ${now})`;
  return id;
}

export const codingContent: CodingContent = {
  description: "Sum two numbers",
  timeLimitMs: 2000,
  memoryLimitMb: 256,
  staticTests: 5,
  randomTests: 20,
  evaluator: "print(1)",
  environment: "python3",
  solutionCode: "print(a + b)",
};

export async function insertTask(
  sql: SQL,
  task: {
    challengeId: string;
    kind?: string;
    title?: string;
    creatorId?: string | null;
    content?: unknown;
    positive?: number;
    negative?: number;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const kind = task.kind ?? "QUESTION";
  const content = task.content ?? (kind === "CODING" ? codingContent : { question: "What is 2 + 2?" });
  await sql`INSERT INTO tasks (id, challenge_id, kind, title, creator_id, xp, coins, fee, enabled, retired,
      content, positive_ratings, negative_ratings, created_at, updated_at)
    VALUES (${id}, ${task.challengeId}, ${kind}, ${task.title ?? "A task"}, ${task.creatorId ?? null}, ${10}, ${5},
      ${1}, ${true}, ${false}, ${JSON.stringify(content)}, ${task.positive ?? 0}, ${task.negative ?? 0}, ${now}, ${now})`;
  return id;
}

export async function taskEnabled(sql: SQL, taskId: string): Promise<boolean | null> {
  const [row] = await sql`SELECT enabled FROM tasks WHERE id = ${taskId}`;
  return row ? Boolean(row.enabled) : null;
}
