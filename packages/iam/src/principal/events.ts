/**
 * A principal's profile: what PUT nests under `properties` and GET shows flat. All of it is
 * personal data (contract/events.ts marks it): sealed under the principal's own key in the
 * journal, null once the principal is erased.
 */
export type PrincipalProperties = {
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly picture: string | null;
  readonly settings: Readonly<Record<string, unknown>>;
};

export type AccessAttributes = Readonly<Record<string, readonly string[]>>;

/** Everything a full write (PUT) sets. */
export type PrincipalDefinition = {
  readonly properties: PrincipalProperties;
  readonly roles: readonly string[];
  readonly acl: readonly string[];
  readonly accessAttributes: AccessAttributes;
};

export type PrincipalEvent =
  | { readonly type: "PrincipalCreated"; readonly data: PrincipalDefinition & { readonly at: string } }
  | { readonly type: "PrincipalReplaced"; readonly data: PrincipalDefinition }
  | { readonly type: "PrincipalPropertiesChanged"; readonly data: { readonly properties: PrincipalProperties } }
  | { readonly type: "PrincipalRolesChanged"; readonly data: { readonly roles: readonly string[] } }
  | { readonly type: "PrincipalAclChanged"; readonly data: { readonly acl: readonly string[] } }
  | { readonly type: "PrincipalSuspended"; readonly data: { readonly at: string } }
  | { readonly type: "PrincipalReactivated"; readonly data: { readonly at: string } }
  /** The hash itself lives in iam_credentials, never in the journal. */
  | {
      readonly type: "PrincipalPasswordSet";
      readonly data: { readonly temporary: boolean; readonly expiresAt: string | null; readonly at: string };
    }
  | { readonly type: "PrincipalDeleted"; readonly data: { readonly at: string } }
  /** The principal's key was destroyed: its name, email, phone, picture and settings read null in every event. */
  | { readonly type: "PrincipalErased"; readonly data: { readonly at: string } };

export const principalEventTypes: readonly PrincipalEvent["type"][] = [
  "PrincipalCreated",
  "PrincipalReplaced",
  "PrincipalPropertiesChanged",
  "PrincipalRolesChanged",
  "PrincipalAclChanged",
  "PrincipalSuspended",
  "PrincipalReactivated",
  "PrincipalPasswordSet",
  "PrincipalDeleted",
  "PrincipalErased",
];
