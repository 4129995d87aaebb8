/**
 * The header the platform API reads the caller's address from: the main origin sets it on every
 * platform request, never taking it from the client.
 */
export const clientIpHeader = "x-platform-client-ip";
