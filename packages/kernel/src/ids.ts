import { v7 as uuidv7, validate, version } from "uuid";

/** A new time-ordered UUID (v7): ids sort by creation time, which keeps B-tree inserts local. */
export const newId = (): string => uuidv7();

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for any RFC 9562 UUID string (any version), case-insensitive. */
export const isUuid = (value: string): boolean => UUID_RE.test(value) && validate(value.toLowerCase());

/** The UUID version, or undefined when `value` is not a UUID. */
export const uuidVersion = (value: string): number | undefined =>
  isUuid(value) ? version(value.toLowerCase()) : undefined;
