export { OUTBOUND_LOCAL_HINT, outboundUrlProblem, isInternalAddress } from "./outbound-url.ts";
export { outboundRequest, OutboundError } from "./outbound-request.ts";
export type { OutboundRequest, OutboundResponse } from "./outbound-request.ts";
