/**
 * The prose of an OpenAPI document that people read: summaries, descriptions and titles at any depth (operations,
 * parameters, schemas, responses, security schemes) and tag names, but not `info`. The contracts are written in English; the app
 * shows these texts in the reader's language through a table keyed by the English text (app/i18n/contractTexts),
 * and this is the list that table must cover.
 */
export function documentTexts(document: unknown): Set<string> {
  const texts = new Set<string>();
  const visit = (node: unknown, key: string | null): void => {
    if (Array.isArray(node)) {
      // An operation's `tags` is a list of tag names shown as group headings.
      for (const item of node) {
        if (key === 'tags' && typeof item === 'string') texts.add(item);
        else visit(item, key === 'tags' ? 'tags' : null);
      }
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [name, value] of Object.entries(node)) {
      // The document's own title and description: the app shows its localised API_DOCUMENTS texts instead.
      if (key === null && name === 'info') continue;
      // `properties` maps field names to schemas: a field called "description" is a schema, not prose.
      if (key !== 'properties' && (name === 'summary' || name === 'description' || name === 'title') && typeof value === 'string') texts.add(value);
      else if (key === 'tags' && name === 'name' && typeof value === 'string') texts.add(value);
      else visit(value, name);
    }
  };
  visit(document, null);
  return texts;
}
