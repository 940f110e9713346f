declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  /** Encrypted content-encoding (RFC 8188); with privateKey + authSecret, the Web Push scheme of RFC 8291. */
  export function decrypt(
    data: Buffer,
    params: { version: 'aes128gcm' | 'aesgcm'; privateKey?: ECDH; authSecret?: string | Buffer; key?: string; salt?: string },
  ): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
