import type { AccessAttributes, PrincipalEvent, PrincipalProperties } from "./events.ts";

export type PrincipalState = {
  readonly status: "none" | "active" | "deleted";
  /** Its personal data was erased: the id can never be used again. */
  readonly erased: boolean;
  readonly properties: PrincipalProperties | null;
  readonly roles: readonly string[];
  readonly acl: readonly string[];
  readonly accessAttributes: AccessAttributes;
  readonly suspendedAt: string | null;
  readonly createdAt: string | null;
  readonly passwordLogin: boolean;
  readonly passwordExpiresAt: string | null;
};

export const initialPrincipalState = (): PrincipalState => ({
  status: "none",
  erased: false,
  properties: null,
  roles: [],
  acl: [],
  accessAttributes: {},
  suspendedAt: null,
  createdAt: null,
  passwordLogin: false,
  passwordExpiresAt: null,
});

/** Folds an event into the state. */
export const evolvePrincipal = (s: PrincipalState, e: PrincipalEvent): PrincipalState => {
  switch (e.type) {
    case "PrincipalCreated": {
      const { at, ...d } = e.data;
      return { ...initialPrincipalState(), ...d, status: "active", createdAt: at };
    }
    case "PrincipalReplaced":
      return { ...s, ...e.data };
    case "PrincipalPropertiesChanged":
      return { ...s, properties: e.data.properties };
    case "PrincipalRolesChanged":
      return { ...s, roles: e.data.roles };
    case "PrincipalAclChanged":
      return { ...s, acl: e.data.acl };
    case "PrincipalSuspended":
      return { ...s, suspendedAt: e.data.at };
    case "PrincipalReactivated":
      return { ...s, suspendedAt: null };
    case "PrincipalPasswordSet":
      return { ...s, passwordLogin: true, passwordExpiresAt: e.data.expiresAt };
    case "PrincipalDeleted":
      return { ...initialPrincipalState(), status: "deleted", erased: s.erased };
    case "PrincipalErased":
      return { ...initialPrincipalState(), status: "deleted", erased: true };
    default:
      return s;
  }
};
