import { useEffect, useState } from "react";
import { loadPublicConfig } from "../api/public-config.ts";
import { originOf } from "./external-resources.ts";

/**
 * Our own origins, which report views load from without asking: the admin's, and the messenger's (the
 * widget's frames and, where files are served from there, visitors' uploads). The messenger's address
 * comes with the public configuration.
 */
export function ownOrigins(adminOrigin: string, messengerUrl: string | null | undefined): string[] {
  const messenger = originOf(messengerUrl);
  return messenger && messenger !== adminOrigin ? [adminOrigin, messenger] : [adminOrigin];
}

/** Null until the configuration is read; without it, only the admin's origin is ours. */
export function useOwnOrigins(): readonly string[] | null {
  const [origins, setOrigins] = useState<readonly string[] | null>(null);
  useEffect(() => {
    let current = true;
    loadPublicConfig().then(
      (config) => current && setOrigins(ownOrigins(location.origin, config.messengerUrl)),
      () => current && setOrigins(ownOrigins(location.origin, null)),
    );
    return () => {
      current = false;
    };
  }, []);
  return origins;
}
