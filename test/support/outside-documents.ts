/**
 * Documents that are not in the repository, by the names they are cited with: the product's specification and its
 * external contract live outside the checkout, so a citation of them helps no reader. `../shared` counts only as the
 * folder itself or one of its documents, so that a relative import of a code folder called `shared` stays allowed.
 */
export const outsideDocuments: readonly RegExp[] = [
  /\bCONTRACT\b/,
  /\b(?:contract|design|style)\.md\b/i,
  /service-spec/i,
  /\.\.\/shared(?![\w.-]|\/(?!(?:spec|hooks|contract|design|style)\b))/i,
];

/** Whether `text` names a document that is not in the repository. */
export const citesOutside = (text: string): boolean => outsideDocuments.some((pattern) => pattern.test(text));
