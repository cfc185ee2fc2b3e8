import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The common-password list (ASVS 2.1.7): the `passwords-common` dictionary of
 * @zxcvbn-ts/language-common (49,233 passwords ranked from public breach corpora; MIT,
 * maintained by the zxcvbn-ts project), lower-cased. The policy also refuses these with
 * digits or symbols around them and in simple leet spelling.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  dictionary["passwords-common"].map((p) => p.toLowerCase()),
);
