/** The 404 texts of one outbound item or tooltip, the same on every route that names one. */
export const outboundNotFoundMessage = "Outbound content not found";
export const tooltipNotFoundMessage = "Tooltip not found";
