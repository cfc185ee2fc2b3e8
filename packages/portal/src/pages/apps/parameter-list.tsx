import type { ParameterSpec } from "./app-types.ts";

/** By name: the stored declaration (jsonb) does not keep the order the module wrote. */
const byName = (params: Readonly<Record<string, ParameterSpec>>) =>
  Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const typesOf = (spec: ParameterSpec): readonly string[] => (typeof spec.type === "string" ? [spec.type] : spec.type);

/** A declared type as a person reads it: `text or nothing`, `array of number`, `object`. */
const typeText = (spec: ParameterSpec): string =>
  typesOf(spec)
    .map((t) => (t === "array" && spec.items ? `array of ${typeText(spec.items)}` : t))
    .join(" or ");

/** Required unless it has a default or may be `nothing`; otherwise what it takes when absent. */
const presenceText = (spec: ParameterSpec): string =>
  spec.default !== undefined
    ? `default ${JSON.stringify(spec.default)}`
    : typesOf(spec).includes("nothing")
      ? "optional (null when absent)"
      : "required";

/** The properties of an object parameter (or of an array's object items), by name. */
const propertiesOf = (spec: ParameterSpec): Readonly<Record<string, ParameterSpec>> | undefined =>
  spec.properties ?? spec.items?.properties;

/** Nested declarations (an object's properties, an array's object items) as an indented list. */
const Nested = (props: { params: Readonly<Record<string, ParameterSpec>> }) => (
  <ul class="params-nested">
    {byName(props.params).map(([name, spec]) => {
      const inner = propertiesOf(spec);
      return (
        <li>
          <code>{name}</code>: {typeText(spec)}, {presenceText(spec)}
          {spec.description ? <span class="hint">{` — ${spec.description}`}</span> : null}
          {inner ? <Nested params={inner} /> : null}
        </li>
      );
    })}
  </ul>
);

/** A component's declared parameters: name, type (unions, arrays and objects spelt out), required or default. */
export const ParameterTable = (props: { params: Readonly<Record<string, ParameterSpec>>; labelledBy: string }) => {
  const entries = byName(props.params);
  if (entries.length === 0) return <p class="hint">Takes no parameters.</p>;
  return (
    <div class="table-wrap">
      <table aria-labelledby={props.labelledBy}>
        <thead>
          <tr>
            <th scope="col">Parameter</th>
            <th scope="col">Type</th>
            <th scope="col">Required or default</th>
          </tr>
        </thead>
        <tbody>
          {entries.map(([name, spec]) => {
            const inner = propertiesOf(spec);
            return (
              <tr>
                <td>
                  <code>{name}</code>
                  {spec.description ? <div class="hint">{spec.description}</div> : null}
                </td>
                <td>
                  {typeText(spec)}
                  {inner ? <Nested params={inner} /> : null}
                </td>
                <td>{presenceText(spec)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};
