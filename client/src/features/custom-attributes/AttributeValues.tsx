import './attribute-values.css';

/** A stored value as read: a list's items separated by commas, JSON as written. */
function shownValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** An object's custom attribute values (§4.17), name beside value; nothing when it has none. */
export function AttributeValues({ values }: { values: Record<string, unknown> }) {
  const entries = Object.entries(values);
  if (entries.length === 0) return null;
  return (
    <dl className="attribute-values">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{shownValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
