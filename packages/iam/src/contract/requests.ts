import * as v from "valibot";
import { objectBody, ownRecord, plainObject } from "@platform/http";
import { PHONE_CHARACTERS, storedPhone, toE164 } from "@platform/kernel";
import { AclInputSchema } from "../access/acl.ts";

const MAX_NAME = 200;
const MAX_EMAIL = 320;

const trimmed = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, "must not be empty"),
    v.maxLength(max, `must be at most ${max} characters`),
  );
const NameSchema = trimmed(MAX_NAME);
const EmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(MAX_EMAIL, `must be at most ${MAX_EMAIL} characters`),
  v.email("must be an email address"),
);
/**
 * Stored as E.164 however it is written (`46…`, `0046…`, spaces, dashes): erasure finds every
 * copy of the number by it. A national number names no country and is refused.
 */
const PhoneSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\+?[0-9 ()./-]{3,32}$/, "must be a phone number"),
  // Only where the characters are right: one message for each fault.
  v.check(
    (s) => !PHONE_CHARACTERS.test(s) || toE164(s) !== null,
    "must be a phone number with its country code (+46701234567 or 0046701234567); a national " +
      "number such as 0701234567 cannot be stored",
  ),
  v.transform(storedPhone),
);
const PictureSchema = v.pipe(
  v.string(),
  v.maxLength(2048),
  v.check((s) => {
    try {
      return ["https:", "http:"].includes(new URL(s).protocol);
    } catch {
      return false;
    }
  }, "must be an http(s) URL"),
);

const SettingsSchema = v.pipe(
  plainObject,
  ownRecord(v.pipe(v.string(), v.maxLength(100)), v.unknown()),
  v.check((o) => JSON.stringify(o).length <= 16_384, "must be at most 16 KiB as JSON"),
);
export const RoleKeySchema = v.pipe(
  v.string(),
  v.maxLength(100),
  v.regex(/^[a-z0-9][a-z0-9_-]*(:[a-z0-9][a-z0-9_.-]*)+$/i, "must look like namespace:capability"),
);
export const RolesSchema = v.pipe(v.array(RoleKeySchema), v.maxLength(50));
export const AccessAttributesSchema = v.pipe(
  plainObject,
  ownRecord(
    v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, "must be an attribute name")),
    v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(200))), v.maxLength(100)),
  ),
  v.check((o) => Object.keys(o).length <= 20, "at most 20 attributes"),
);

export const PrincipalPutSchema = v.strictObject({
  properties: v.strictObject({
    name: NameSchema,
    email: EmailSchema,
    phone: v.optional(v.nullable(PhoneSchema)),
    picture: v.optional(v.nullable(PictureSchema)),
    settings: v.optional(SettingsSchema),
  }),
  roles: v.optional(RolesSchema),
  acl: v.optional(AclInputSchema),
  accessAttributes: v.optional(AccessAttributesSchema),
});

export const PrincipalPatchSchema = objectBody({
  name: v.optional(NameSchema),
  email: v.optional(EmailSchema),
  phone: v.optional(v.nullable(PhoneSchema)),
  picture: v.optional(v.nullable(PictureSchema)),
  /** Merged: keys set to null are removed. */
  settings: v.optional(v.nullable(SettingsSchema)),
});

export const RolesBodySchema = v.strictObject({ roles: RolesSchema });
export const AclBodySchema = v.strictObject({ acl: AclInputSchema });
