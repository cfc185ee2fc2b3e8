export {
  DomainError,
  notFound,
  forbidden,
  conflict,
  invalidState,
  validationFailed,
  commandRejected,
  isDomainError,
} from "./errors.ts";
export type { ErrorCode, ValidationIssue } from "./errors.ts";
export { newId, isUuid, uuidVersion } from "./ids.ts";
export { sameJson } from "./same-json.ts";
export { systemClock, fixedClock } from "./clock.ts";
export type { Clock } from "./clock.ts";
export { assertNever, decideAll } from "./decider.ts";
export type { Command, Event, CommandContext, Decider } from "./decider.ts";
export type { EventMetadata, Initiator } from "./metadata.ts";
export {
  attributesAllow,
  isRestricted,
  callerHolds,
  canonicalAttributes,
  combineAttributes,
  inheritedAttributes,
} from "./caller.ts";
export type { Caller } from "./caller.ts";
export { parseAce, formatAce, aceGrants, acesGrant, splitScope } from "./access.ts";
export type { Ace } from "./access.ts";
export { enableTracing, tracingEnabled, traced, currentTraceId, traceFields, UNTRACED_PATHS } from "./tracing.ts";
export { toE164, storedPhone, PHONE_CHARACTERS } from "./phone.ts";
