import { appEventSchemas } from "./events.ts";
import { appOperations } from "./operations.ts";
import { sampleAppEvents } from "./samples.ts";

/** The published contract of the apps context (generated into schemas/ by `npm run schemas`). */
export const appsContract = {
  context: "apps",
  tags: { apps: "Installed apps: their manifests, sandboxed components and HTTP ingresses (/ingress/<app>/<path>)" },
  operations: appOperations,
  events: appEventSchemas,
  sampleEvents: sampleAppEvents,
};
