import type { AppRecord } from "@platform/apps";

/** The apps context's published answers, as the portal reads them. */
export type { ParameterSpec } from "@platform/sandbox";
/** An app as GET /resources/apps/{appId} (and, without sources, the list) shows it. */
export type App = AppRecord;
export type Ingress = App["ingresses"][number];
