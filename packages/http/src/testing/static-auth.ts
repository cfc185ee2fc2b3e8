import { acesGrant } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import { defineContext } from "@platform/host";
import { ports } from "@platform/ports";

export type StaticCaller = {
  readonly scope: readonly string[];
  /** A suspended identity: its token is refused and what it handed on (apps, definitions) ends. */
  readonly suspended?: boolean;
  readonly id?: string;
  readonly kind?: "principal" | "client";
  readonly attributes?: Record<string, readonly string[]>;
  readonly isOwner?: boolean;
};

/**
 * A stand-in for IAM in tests of other contexts: fixed bearer tokens mapped to callers
 * with the given scopes. Real-token end-to-end tests live in test/.
 */
export const staticAuthContext = (tokens: Readonly<Record<string, StaticCaller>>) =>
  defineContext({
    name: "static-auth",
    provides: [ports.authenticator, ports.makers],
    setup: (deps) => {
      const byId = new Map(Object.entries(tokens).map(([token, t]) => [t.id ?? `test-${token}`, t] as const));
      deps.ports.provide(ports.makers, {
        current: async (maker) => {
          const t = byId.get(maker.principalId ?? maker.clientId ?? "");
          const within = maker.scope ?? null;
          const can = (resource: string, permission: string) =>
            acesGrant(t?.scope ?? [], resource, permission) &&
            (within === null || acesGrant(within, resource, permission));
          return !t || t.suspended ? null : { can, attributes: t.attributes ?? {} };
        },
      });
      deps.ports.provide(ports.authenticator, {
        authenticate: async (token) => {
          const t = Object.hasOwn(tokens, token) ? tokens[token] : undefined;
          if (!t || t.suspended) return null;
          const kind = t.kind ?? "principal";
          const id = t.id ?? `test-${token}`;
          const caller: Caller = {
            kind,
            id,
            ...(kind === "principal" ? { principalId: id } : { clientId: id }),
            sessionId: `session-${token}`,
            roles: t.isOwner ? ["system:owner"] : [],
            isOwner: t.isOwner ?? false,
            scope: t.scope,
            tokenScope: t.scope,
            attributes: t.attributes ?? {},
            passwordChangeRequired: false,
            can: (resource, permission) => acesGrant(t.scope, resource, permission),
          };
          return caller;
        },
      });
    },
  });
