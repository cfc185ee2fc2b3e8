import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { sendingDetailRoutes } from "./sending-detail.tsx";
import { sendingListRoutes } from "./sending-list.tsx";

/** The sendings pages: the list with the queue's health, and one sending. */
export const sendingRoutes = (api: ApiClient) =>
  new Hono<PortalEnv>().route("/", sendingListRoutes(api)).route("/", sendingDetailRoutes(api));
