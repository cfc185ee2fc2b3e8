import { DomainError, isUuid } from "@platform/kernel";

/** Principal ids are UUIDs; anything else is 404 (or 400 where one would be created). */
export const principalIdOf = (raw: string, creating = false): string => {
  if (isUuid(raw)) return raw.toLowerCase();
  if (creating)
    throw new DomainError("VALIDATION_FAILED", "Invalid principal id", [{ path: "id", message: "must be a UUID" }]);
  throw new DomainError("NOT_FOUND", "Principal not found");
};

const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;
export const clientIdOf = (raw: string, creating = false): string => {
  if (CLIENT_ID.test(raw)) return raw;
  if (creating)
    throw new DomainError("VALIDATION_FAILED", "Invalid client id", [
      { path: "id", message: "letters, digits and . _ : - only, at most 128" },
    ]);
  throw new DomainError("NOT_FOUND", "Client not found");
};
