import { Table } from "../../html/table.tsx";
import type { Schedule } from "./job-types.ts";
import { inZone, scheduleZone } from "./viewer-zone.ts";

/** The zones a definition's schedules run in, each once, as their IANA zones (a Windows id mapped). */
const definitionZones = (schedules: readonly Schedule[]): { readonly label: string; readonly zone: string }[] => {
  const out = new Map<string, string>();
  for (const s of schedules) {
    const zone = scheduleZone(s.timeZone);
    if (zone && !out.has(zone)) out.set(zone, s.timeZone && s.timeZone !== zone ? `${s.timeZone} (${zone})` : zone);
  }
  return [...out].map(([zone, label]) => ({ zone, label }));
};

/**
 * The next occurrences (UTC instants from the API), each in the definition's zone(s) and in
 * the viewer's, side by side; the viewer's column only when it is another zone.
 */
export const OccurrencesTable = (props: {
  occurrences: readonly string[];
  schedules: readonly Schedule[];
  viewerZone: string;
}) => {
  const zones = definitionZones(props.schedules);
  const viewerColumn = !zones.some((z) => z.zone === props.viewerZone);
  const columns = [
    { title: "#" },
    ...zones.map((z) => ({ title: `In ${z.label}` })),
    ...(viewerColumn ? [{ title: `In your zone, ${props.viewerZone}` }] : []),
  ];
  return (
    <Table labelledBy="occurrences-heading" columns={columns}>
      {props.occurrences.map((at, i) => (
        <tr>
          <td>{String(i + 1)}</td>
          {zones.map((z) => (
            <td>
              <time datetime={at}>{inZone(at, z.zone)}</time>
            </td>
          ))}
          {viewerColumn ? (
            <td>
              <time datetime={at}>{inZone(at, props.viewerZone)}</time>
            </td>
          ) : null}
        </tr>
      ))}
    </Table>
  );
};
