import type { BoundedContext } from "@platform/platform";

/** Every bounded context of the service, in dependency order (IAM first: it provides authentication). */
export const contexts: readonly BoundedContext[] = [];
