import type * as v from "valibot";
import type {
  ClientResponse,
  ClientSecretResponse,
  CreatedClientSecretResponse,
  MeResponse,
  PrincipalResponse,
  RoleResponse,
  SessionResponse,
} from "./responses.ts";

/*
 * The IAM answers as TypeScript types: the output of the response schemas the context publishes (/openapi.json),
 * for the repository's own clients of the API (the portal), so a change to an answer breaks their build.
 */

/** A principal as every principal route answers it. */
export type PrincipalAnswer = v.InferOutput<typeof PrincipalResponse>;
/** A client as every client route answers it. */
export type ClientAnswer = v.InferOutput<typeof ClientResponse>;
/** A client secret as listed: never its value. */
export type ClientSecretAnswer = v.InferOutput<typeof ClientSecretResponse>;
/** A client secret as created: with its value, shown once. */
export type CreatedClientSecretAnswer = v.InferOutput<typeof CreatedClientSecretResponse>;
/** A role as every role route answers it. */
export type RoleAnswer = v.InferOutput<typeof RoleResponse>;
/** A session as `GET /resources/iam/principals/{id}/sessions` lists it. */
export type SessionAnswer = v.InferOutput<typeof SessionResponse>;
/** `GET /resources/me`. */
export type MeAnswer = v.InferOutput<typeof MeResponse>;
