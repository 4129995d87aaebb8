import type { SQL } from "bun";

/** Reads a server-wide setting, creating it with `make()` the first time (safe across processes). */
export async function ensureSetting(sql: SQL, key: string, make: () => string): Promise<string> {
  await sql`INSERT INTO settings (key, value) VALUES (${key}, ${make()}) ON CONFLICT (key) DO NOTHING`;
  const [row] = await sql`SELECT value FROM settings WHERE key = ${key}`;
  return String(row.value);
}

export async function readSetting(sql: SQL, key: string): Promise<string | null> {
  const [row] = await sql`SELECT value FROM settings WHERE key = ${key}`;
  return row ? String(row.value) : null;
}
