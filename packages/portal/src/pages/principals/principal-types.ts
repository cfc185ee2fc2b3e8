/** A principal as the API shows it (GET /resources/iam/principals/{id}). */
export type Principal = {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly roles: readonly string[];
  readonly acl: readonly unknown[];
  readonly suspendedAt: string | null;
  readonly lastActiveAt: string | null;
  readonly createdAt: string | null;
  readonly passwordLogin: boolean;
  readonly passwordExpiresAt: string | null;
  readonly etag: string;
};

export type Role = { readonly key: string; readonly description: string; readonly isSystem: boolean };
