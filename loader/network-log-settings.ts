import type { FlowConfig } from "../src/shared/widget-config-api.ts";

interface NetworkLogDeps {
  /** Whether the session is ready (before that a setting is only kept; the boot starts the log). */
  ready: () => boolean;
  flowConfig: () => FlowConfig;
  /** Sends a command to the network-log chunk, loading it first. */
  send: (command: "configure" | "start", args?: unknown[]) => Promise<unknown>;
}

/**
 * The network log's settings (spec §3 Config, §7): the host's limits and lists joined with the project
 * config's, handed to the network-log chunk whenever either changes once the log is on.
 */
export function createNetworkLogSettings({ ready, flowConfig, send }: NetworkLogDeps) {
  const network = { maxRequests: 30, blacklist: [] as string[], propsToIgnore: [] as string[] };
  let on = false;

  /**
   * Hands the chunk the settings, then has it capture. Settles once it does; never rejects (a chunk
   * that fails to load was reported by the surfaces, and the host page must not see it).
   */
  const configure = async (): Promise<void> => {
    if (!on || !ready()) return;
    const config = flowConfig();
    try {
      await send("configure", [
        {
          maxRequests: network.maxRequests,
          blacklist: [...network.blacklist, ...config.networkLogBlacklist],
          propsToIgnore: [...network.propsToIgnore, ...config.networkLogPropsToIgnore],
          resources: config.sendNetworkResources,
        },
      ]);
      await send("start");
    } catch {
      // Nothing captured: reports go without network logs.
    }
  };
  const start = () => {
    on = true;
    return configure();
  };

  return {
    on: () => on,
    configure,
    start,
    stop() {
      on = false;
    },
    methods: {
      startNetworkLogger() {
        void start();
      },
      setMaxNetworkRequests(max: number) {
        network.maxRequests = max;
        void configure();
      },
      setNetworkLogsBlacklist(list: string[]) {
        network.blacklist = Array.isArray(list) ? list : [];
        void configure();
      },
      setNetworkLogPropsToIgnore(props: string[]) {
        network.propsToIgnore = Array.isArray(props) ? props : [];
        void configure();
      },
    },
  };
}
