export { statusOf, errorBody, sendError, onError, notFoundRoute } from "./errors.ts";
export { requestId, getRequestId } from "./request-id.ts";
export {
  readJson,
  jsonBody,
  validate,
  toIssues,
  issuePath,
  plainObject,
  objectBody,
  ownRecord,
} from "./body.ts";
export { UNSTORABLE_MESSAGE, MAX_JSON_DEPTH, checkStorableJson, isStorableText } from "./storable.ts";
export { etagValue, etagHeader, setEtag, ifMatchVersion } from "./etag.ts";
export { parsePage, encodeCursor, decodeCursor, listEnvelope, checkInstantIdCursors, arrayPage } from "./pagination.ts";
export { journalPage } from "./journal.ts";
export { EventMetadataSchema, LogPositionSchema, journalEntrySchema, journalEntriesSchema } from "./journal-schemas.ts";
export type { PageRequest } from "./pagination.ts";
export { keysetPage } from "./keyset.ts";
export { attributeConditions, attributeValueConditions } from "./attribute-conditions.ts";
export { clientAddress } from "./client-address.ts";
export type { KeysetOptions } from "./keyset.ts";
export {
  bearerAuth,
  optionalBearerAuth,
  getCaller,
  findCaller,
  requirePermission,
  requireAttributes,
  initiatorOf,
  requestInitiator,
} from "./auth.ts";
export type { GatewayEnv } from "./gateway-env.ts";
export { createGatewayApp } from "./gateway-app.ts";
export type { GatewayOptions } from "./gateway-app.ts";
export { readiness } from "./readiness.ts";
export { gatewayContract, gatewayContext } from "./gateway-contract.ts";
export { routeTemplate, UNMATCHED } from "./request-telemetry.ts";
