import { call } from "@platform/http/testing";
import { owner, t } from "./iam-platform.ts";

/** Reads a principal over REST (as the owner unless `token` is given). */
export const get = (id: string, token = owner.token) => call(t, "GET", `/resources/iam/principals/${id}`, { token });

/** A principal's current ETag, for If-Match. */
export const etagOf = async (id: string) => (await get(id)).body.etag as string;
