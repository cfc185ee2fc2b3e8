import { serviceKey } from "@platform/platform";
import type { Authenticator } from "./auth.ts";

/** The authenticator every route uses; the IAM context provides it. */
export const authenticatorKey = serviceKey<Authenticator>("http.authenticator");
