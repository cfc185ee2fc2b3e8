import { appEventSchemas } from "./events.ts";
import { appOperations, ingressOperations } from "./operations.ts";
import { runOperations } from "./run-operations.ts";
import { sampleAppEvents } from "./samples.ts";

/** The published contract of the apps context (generated into schemas/ by `npm run schemas`). */
export const appsContract = {
  context: "apps",
  tags: { apps: "Installed apps: their manifests, sandboxed components and HTTP ingresses (`/ingress/{route}`)" },
  operations: [...appOperations, ...runOperations, ...ingressOperations],
  /** ingress/ingress-route.ts answers every method under /ingress/ (the routes are the installed apps'). */
  wildcards: ["/ingress/"],
  events: appEventSchemas,
  sampleEvents: sampleAppEvents,
};
