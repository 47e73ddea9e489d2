import type { z } from 'zod';
import { readDataJson } from './files';

/**
 * Reads a JSON file under data/ and checks it with a schema, so a hand-edited data file with a slip stops the
 * server at start-up with the file and the field named (`data/traffic/…json: cameras.3.headingDegrees: …`).
 */
export function readValidatedDataJson<Schema extends z.ZodType>(dataDir: string, relativePath: string, schema: Schema): z.output<Schema> {
  const result = schema.safeParse(readDataJson<unknown>(dataDir, relativePath));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`data/${relativePath}: ${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
}
