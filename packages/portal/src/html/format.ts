/** An instant as the portal shows it: minutes, UTC, the same on every screen and test. */
export const when = (iso: string | null | undefined): string =>
  iso ? `${iso.replace("T", " ").slice(0, 16)} UTC` : "—";

/** A list page's query: the filters as given, without empty values (for links that keep them). */
export const queryOf = (params: Readonly<Record<string, string | undefined>>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
};
