import { OUTBOUND_LOCAL_HINT } from "@platform/outbound";
import { call } from "@platform/http/testing";
import type { Json } from "@platform/http/testing";
import { owner, t } from "./iam-platform.ts";

/** The refusal of a back-channel logout URI at an internal address. */
export const INTERNAL = `must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`;

/** PUTs a client as the owner. */
export const put = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  call(t, "PUT", `/resources/iam/clients/${id}`, { token: owner.token, body, headers });

/** A web client's body: authorization code with refresh, two redirect URIs. */
export const web = (name = "Web App", extra: Json = {}) => ({
  properties: {
    name,
    redirectUris: ["https://app.example.com/cb", "http://localhost:3000/cb"],
    grantTypes: ["authorization_code", "refresh_token"],
    ...extra,
  },
});

/** A service client's body: client credentials with one resource scope. */
export const service = (name = "Batch") => ({
  properties: { name, grantTypes: ["client_credentials"], scopes: ["sendings:write"] },
});
