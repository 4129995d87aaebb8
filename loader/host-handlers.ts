/** The host's way of opening the widget's links (`setUrlHandler`). */
export type UrlHandler = (url: string, newTab?: boolean) => void;

/**
 * What the host hands the widget through the API (spec §7): its custom actions, its own way of opening
 * links, its AI tools. Kept here, in the eager file, since a host sets them at any time; the surfaces
 * reach them through the facade (loader/widget-host.ts), which comes with the loader's late file.
 */
export function createHostHandlers(onAiTools: () => void) {
  const customActions: Array<(action: { name: string }) => void> = [];
  let urlHandler: UrlHandler | null = null;
  let aiTools: unknown[] = [];
  const trigger = (name: string, extra?: Record<string, unknown>) => {
    for (const action of customActions) action({ name, ...extra });
  };
  return {
    trigger,
    urlHandler: () => urlHandler,
    aiTools: () => aiTools,
    methods: {
      registerCustomAction(callback: (action: { name: string }) => void) {
        if (typeof callback === "function") customActions.push(callback);
      },
      triggerCustomAction: (name: string) => trigger(name),
      setUrlHandler(handler: UrlHandler) {
        urlHandler = typeof handler === "function" ? handler : null;
      },
      setAiTools(tools: unknown[]) {
        aiTools = Array.isArray(tools) ? tools : [];
        onAiTools();
      },
    },
  };
}

export type HostHandlers = ReturnType<typeof createHostHandlers>;
