/** The part of http_ece (Martin Thomson's reference implementation of RFC 8188/8291) the test push service uses. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  const ece: {
    decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string | Buffer }): Buffer;
  };
  export default ece;
}
