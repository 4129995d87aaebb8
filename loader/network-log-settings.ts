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

  const configure = () => {
    if (!on || !ready()) return;
    const config = flowConfig();
    void send("configure", [
      {
        maxRequests: network.maxRequests,
        blacklist: [...network.blacklist, ...config.networkLogBlacklist],
        propsToIgnore: [...network.propsToIgnore, ...config.networkLogPropsToIgnore],
        resources: config.sendNetworkResources,
      },
    ]).then(() => send("start"));
  };
  const start = () => {
    on = true;
    configure();
  };

  return {
    on: () => on,
    configure,
    start,
    stop() {
      on = false;
    },
    methods: {
      startNetworkLogger: start,
      setMaxNetworkRequests(max: number) {
        network.maxRequests = max;
        configure();
      },
      setNetworkLogsBlacklist(list: string[]) {
        network.blacklist = Array.isArray(list) ? list : [];
        configure();
      },
      setNetworkLogPropsToIgnore(props: string[]) {
        network.propsToIgnore = Array.isArray(props) ? props : [];
        configure();
      },
    },
  };
}
