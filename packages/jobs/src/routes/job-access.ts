import { DomainError, parseAce } from "@platform/kernel";
import type { Caller } from "@platform/kernel";

export const forbidden = (permission: string, definitionId?: string) => {
  const scope = definitionId ? `jobs/${definitionId}` : "jobs";
  const orWide = definitionId ? ` (or jobs:${permission})` : "";
  return new DomainError("FORBIDDEN", `Requires ${scope}:${permission}${orWide}`);
};

/** Whether the caller holds `permission` on the jobs of some definition (its effective scope names one). */
export const holdsOnSomeJobs = (caller: Caller, permission: string) =>
  caller.can("jobs", permission) ||
  caller.scope.some((text) => {
    const ace = parseAce(text);
    return (
      !!ace &&
      (ace.resource[0] === "jobs" || ace.resource[0] === "*") &&
      (ace.permission === permission || ace.permission === "*")
    );
  });
