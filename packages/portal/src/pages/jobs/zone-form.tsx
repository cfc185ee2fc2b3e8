import { ZONES } from "./viewer-zone.ts";
import type { ViewerZone } from "./viewer-zone.ts";

const SOURCE: Readonly<Record<ViewerZone["source"], string>> = {
  chosen: "chosen here",
  browser: "your browser's",
  default: "the default; your browser has not said its zone",
};

/**
 * Says which zone the page's times are in, and a GET form to pick another (works without the
 * script; with it, the browser's zone arrives in the portal_tz cookie). `keep` are the page's
 * other query fields, carried along.
 */
export const ZoneForm = (props: {
  action: string;
  viewer: ViewerZone;
  keep?: Readonly<Record<string, string | undefined>>;
}) => (
  <form method="get" action={props.action} class="card filters zone-form" aria-label="Time zone">
    {Object.entries(props.keep ?? {}).map(([name, value]) =>
      value ? <input type="hidden" name={name} value={value} /> : null,
    )}
    <div>
      <label for="zone">Show times in</label>
      <select id="zone" name="zone">
        {ZONES.map((z) => (
          <option value={z} selected={z === props.viewer.zone}>
            {z}
          </option>
        ))}
      </select>
      <p class="hint" id="zone-shown">{`Times are shown in ${props.viewer.zone} (${SOURCE[props.viewer.source]}).`}</p>
    </div>
    <button type="submit" class="secondary">
      Show
    </button>
  </form>
);
