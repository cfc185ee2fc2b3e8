import type { ContextContract } from "@platform/host";
import { contexts } from "../../services/gateway/src/wiring.ts";

/** Every mounted context's published contract, in the service's context order (what /openapi.json serves). */
export const contracts: readonly ContextContract[] = contexts.flatMap((c) => (c.contract ? [c.contract] : []));
