import type { PrincipalAnswer, RoleAnswer } from "@platform/iam";

/** A principal as the API shows it (GET /resources/iam/principals/{id}): IAM's published answer. */
export type Principal = PrincipalAnswer;

/** A role as the API lists it (GET /resources/iam/roles). */
export type Role = RoleAnswer;
