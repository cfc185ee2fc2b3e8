import { describe, expect, it } from "vitest";
import { givenFor } from "@platform/actor-runtime/testing";
import { clientActor } from "./actor.ts";
import type { ClientEvent, ClientProperties } from "./events.ts";

const { given, fold } = givenFor(clientActor.decider);
const NOW = "2026-01-02T03:04:05.000Z";
const properties: ClientProperties = {
  name: "Shop",
  description: "",
  redirectUris: [],
  grantTypes: ["client_credentials"],
  scopes: ["openid"],
  tokenEndpointAuthMethod: "client_secret_basic",
};
const created: ClientEvent = {
  type: "ClientCreated",
  data: {
    properties,
    roles: ["orders:editor"],
    accessAttributes: { channelKey: ["web"] },
    at: "2026-01-01T00:00:00.000Z",
  },
};
const secret: ClientEvent = {
  type: "ClientSecretCreated",
  data: { secretId: "s1", description: "ci", expiresAt: null },
};

describe("client decider", () => {
  it("creates a client with the access attributes it was given", () =>
    given([])
      .when({ type: "create", properties, roles: ["orders:editor"], accessAttributes: { channelKey: ["web"] } })
      .then([{ ...created, data: { ...created.data, at: NOW } } as ClientEvent]));
  it("refuses a second creation", () =>
    given([created])
      .when({ type: "create", properties, roles: [], accessAttributes: {} })
      .thenRejects("CONFLICT", "already exists"));
  it("refuses commands on a client that does not exist", () =>
    given([]).when({ type: "setRoles", roles: [] }).thenRejects("NOT_FOUND"));

  it("records nothing for a write that changes nothing", () => {
    given([created])
      .when({ type: "replace", properties, roles: ["orders:editor"] })
      .then([]);
    given([created]).when({ type: "changeProperties", properties }).then([]);
    given([created])
      .when({ type: "setAccessAttributes", accessAttributes: { channelKey: ["web"] } })
      .then([]);
  });

  it("records what changed", () => {
    given([created])
      .when({ type: "setRoles", roles: [] })
      .then([{ type: "ClientRolesChanged", data: { roles: [] } }]);
    given([created])
      .when({ type: "setAccessAttributes", accessAttributes: {} })
      .then([{ type: "ClientAccessAttributesChanged", data: { accessAttributes: {} } }]);
  });

  it("suspends once, reactivates only when suspended", () => {
    given([created])
      .when({ type: "suspend" })
      .then([{ type: "ClientSuspended", data: { at: NOW } }]);
    given([created, { type: "ClientSuspended", data: { at: NOW } }])
      .when({ type: "suspend" })
      .thenRejects("INVALID_STATE");
    given([created]).when({ type: "reactivate" }).thenRejects("INVALID_STATE");
  });

  it("keeps the ids of its secrets, and deletes only one it has", () => {
    expect(fold([created, secret]).secretIds).toEqual(["s1"]);
    given([created, secret])
      .when({ type: "recordSecretDeleted", secretId: "s1" })
      .then([{ type: "ClientSecretDeleted", data: { secretId: "s1" } }]);
    given([created]).when({ type: "recordSecretDeleted", secretId: "s1" }).thenRejects("NOT_FOUND", "Secret");
  });

  it("reads a creation from before clients carried attributes as unrestricted", () => {
    const { accessAttributes: _, ...older } = (created as Extract<ClientEvent, { type: "ClientCreated" }>).data;
    expect(fold([{ type: "ClientCreated", data: older }]).accessAttributes).toEqual({});
  });

  it("forgets everything on deletion", () => {
    const state = fold([created, secret, { type: "ClientDeleted", data: { at: NOW } }]);
    expect(clientActor.exists(state)).toBe(false);
    expect(state).toMatchObject({ status: "deleted", properties: null, secretIds: [] });
  });
});
