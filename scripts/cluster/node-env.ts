/**
 * What node `index` gets: the caller's environment, with what makes it one node of this cluster on top.
 * A METRICS_PORT given to the cluster becomes one port per node (METRICS_PORT + index).
 */
export function nodeEnv(
  base: Record<string, string | undefined>,
  cluster: Record<string, string>,
  node: { index: number; main: number; messenger: number; dataDir: string },
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) if (value !== undefined) env[name] = value;
  const metrics = env.METRICS_PORT?.trim();
  if (metrics && /^\d+$/.test(metrics) && Number(metrics) > 0)
    env.METRICS_PORT = String(Number(metrics) + node.index);
  return {
    ...env,
    ...cluster,
    HOST: "127.0.0.1",
    PORT: String(node.main),
    MESSENGER_PORT: String(node.messenger),
    DATA_DIR: node.dataDir,
  };
}
