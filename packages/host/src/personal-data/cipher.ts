import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

const IV = 12;
const TAG = 16;

/**
 * AES-256-GCM: a fresh 96-bit nonce per message, the tag binds `aad` (where the text
 * belongs), so a ciphertext moved to another stream or field does not open.
 */
export const seal = (key: Buffer, plaintext: Buffer, aad: string): Buffer => {
  const iv = randomBytes(IV);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
};

/** The plaintext, or an error when the key, the aad or the bytes are not the ones sealed. */
export const open = (key: Buffer, sealed: Buffer, aad: string): Buffer => {
  if (sealed.length < IV + TAG) throw new Error("sealed text too short");
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, IV));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(sealed.subarray(IV, IV + TAG));
  return Buffer.concat([decipher.update(sealed.subarray(IV + TAG)), decipher.final()]);
};

/** The keyed hash a personal lookup key is stored and found under (the plaintext never is). */
export const lookupHash = (key: Buffer, scope: string, value: string): string =>
  `hmac:${createHmac("sha256", key).update(scope).update("\0").update(value).digest("base64url")}`;
