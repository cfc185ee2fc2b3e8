import type { AccessAttributes, ClientEvent, ClientProperties } from "./events.ts";

export type ClientState = {
  readonly status: "none" | "active" | "deleted";
  readonly properties: ClientProperties | null;
  readonly roles: readonly string[];
  /** What every token of the client is restricted to (ABAC); inherited from a restricted maker. */
  readonly accessAttributes: AccessAttributes;
  readonly suspendedAt: string | null;
  readonly createdAt: string | null;
  /** Ids of the secrets that exist (not deleted); their hashes are in iam_client_secrets. */
  readonly secretIds: readonly string[];
};

export const initialClientState = (): ClientState => ({
  status: "none",
  properties: null,
  roles: [],
  accessAttributes: {},
  suspendedAt: null,
  createdAt: null,
  secretIds: [],
});

/** Folds an event into the state. */
export const evolveClient = (s: ClientState, e: ClientEvent): ClientState => {
  switch (e.type) {
    case "ClientCreated":
      return {
        ...initialClientState(),
        status: "active",
        properties: e.data.properties,
        roles: e.data.roles,
        accessAttributes: e.data.accessAttributes ?? {},
        createdAt: e.data.at,
      };
    case "ClientReplaced":
      return { ...s, properties: e.data.properties, roles: e.data.roles };
    case "ClientPropertiesChanged":
      return { ...s, properties: e.data.properties };
    case "ClientRolesChanged":
      return { ...s, roles: e.data.roles };
    case "ClientAccessAttributesChanged":
      return { ...s, accessAttributes: e.data.accessAttributes };
    case "ClientSuspended":
      return { ...s, suspendedAt: e.data.at };
    case "ClientReactivated":
      return { ...s, suspendedAt: null };
    case "ClientSecretCreated":
      return { ...s, secretIds: [...s.secretIds, e.data.secretId] };
    case "ClientSecretDeleted":
      return { ...s, secretIds: s.secretIds.filter((x) => x !== e.data.secretId) };
    case "ClientDeleted":
      return { ...initialClientState(), status: "deleted" };
    default:
      return s;
  }
};
