import { SQL } from "bun";

/** `adminUrl` (a cluster account that may create databases) pointed at database `name`. */
export function postgresDatabaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** One connection for the cluster's administration: Bun would open ten at its first statement. */
export function clusterAdministration(adminUrl: string): SQL {
  return new SQL({ url: adminUrl, max: 1 });
}

/**
 * A new database with no tables at all (not the migrated template test servers copy), for tests of
 * migrations themselves; `drop()` removes it, also while connections to it are open.
 */
export async function emptyPostgresDatabase(
  adminUrl: string,
  prefix = "empty",
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomUUID().replaceAll("-", "")}`;
  const admin = clusterAdministration(adminUrl);
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  return {
    name,
    url: postgresDatabaseUrl(adminUrl, name),
    async drop() {
      const cleanup = clusterAdministration(adminUrl);
      try {
        await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.close();
      }
    },
  };
}
