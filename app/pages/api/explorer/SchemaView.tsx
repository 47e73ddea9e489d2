/**
 * A readable view of a JSON Schema: type, constraints and description of each field, nested objects and
 * arrays as native disclosures (keyboard-operable without script), so a large GeoJSON answer stays short.
 */
import { useIntl, type IntlShape } from 'react-intl';
import { ReferenceText } from '../ReferenceText';
import { schemaChildren, schemaFacts, schemaTypeLabel, type JsonSchema, type SchemaFact } from './openApiModel';

/** Nesting beyond this is shown by type only (the generated schemas are a few levels deep). */
const MAX_DEPTH = 8;

/** One constraint as text in the current language. */
export function formatSchemaFact(intl: IntlShape, fact: SchemaFact): string {
  if (fact.kind === 'enum') return intl.formatMessage({ id: 'explorer.schema.enum' }, { values: fact.values.join(', ') });
  return intl.formatMessage({ id: `explorer.schema.${fact.kind}` }, { value: fact.value });
}

export function SchemaFacts({ schema }: { schema: JsonSchema }) {
  const intl = useIntl();
  const facts = schemaFacts(schema);
  if (facts.length === 0) return null;
  return (
    <ul className="explorer-facts">
      {facts.map((fact) => (
        <li key={fact.kind}>
          <code>{formatSchemaFact(intl, fact)}</code>
        </li>
      ))}
    </ul>
  );
}

function SchemaField({ name, schema, required, depth }: { name: string; schema: JsonSchema; required: boolean; depth: number }) {
  const intl = useIntl();
  const children = depth < MAX_DEPTH ? schemaChildren(schema) : [];
  const head = (
    <>
      <code className="explorer-schema__name">{name}</code> <span className="explorer-schema__type">{schemaTypeLabel(schema)}</span>
      {required && <span className="explorer-schema__required">{intl.formatMessage({ id: 'explorer.schema.required' })}</span>}
    </>
  );
  const details = (
    <>
      {typeof schema.description === 'string' && (
        <p className="explorer-schema__description">
          <ReferenceText text={schema.description} />
        </p>
      )}
      <SchemaFacts schema={schema} />
    </>
  );
  if (children.length === 0) {
    return (
      <li className="explorer-schema__field">
        {head}
        {details}
      </li>
    );
  }
  return (
    <li className="explorer-schema__field">
      <details>
        <summary>{head}</summary>
        {details}
        <SchemaFields schema={schema} depth={depth + 1} />
      </details>
    </li>
  );
}

function SchemaFields({ schema, depth }: { schema: JsonSchema; depth: number }) {
  return (
    <ul className="explorer-schema__fields">
      {schemaChildren(schema).map((child) => (
        <SchemaField key={child.name} name={child.name} schema={child.schema} required={child.required} depth={depth} />
      ))}
    </ul>
  );
}

/** The whole schema: its type line, then its fields. */
export function SchemaView({ schema }: { schema: JsonSchema }) {
  return (
    <div className="explorer-schema">
      <p className="explorer-schema__root">
        <span className="explorer-schema__type">{schemaTypeLabel(schema)}</span>
      </p>
      {typeof schema.description === 'string' && (
        <p className="explorer-schema__description">
          <ReferenceText text={schema.description} />
        </p>
      )}
      <SchemaFacts schema={schema} />
      {schemaChildren(schema).length > 0 && <SchemaFields schema={schema} depth={0} />}
    </div>
  );
}
