import { DomainError } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { IamInternals } from "../internals.ts";
import { requireVisible } from "./guards.ts";
import type { Attributes } from "./guards.ts";

/**
 * An existing identity (principal or client) loaded for a write: 404 when absent, 403 outside
 * the caller's access attributes or when `outranks` finds it holding permissions the caller
 * does not.
 */
export const loadForWrite = async <S extends { readonly accessAttributes: Attributes }>(
  iam: IamInternals,
  caller: Caller,
  type: "principal" | "client",
  id: string,
  outranks: (state: S) => Promise<void>,
) => {
  const loaded = await iam.runtime.load(type, id);
  if (!loaded.exists) throw new DomainError("NOT_FOUND", `${type === "principal" ? "Principal" : "Client"} not found`);
  const state = loaded.state as S;
  requireVisible(caller, state.accessAttributes);
  await outranks(state);
  return { state, version: loaded.version };
};
