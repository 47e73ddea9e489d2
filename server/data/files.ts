import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Reads a JSON file under the data folder; the error names the file. */
export function readDataJson<T>(dataDir: string, relativePath: string): T {
  const path = join(dataDir, relativePath);
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (error) {
    throw new Error(`Cannot read data file ${path}: ${(error as Error).message}`, { cause: error });
  }
}

export function readDataText(dataDir: string, relativePath: string): string {
  const path = join(dataDir, relativePath);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read data file ${path}: ${(error as Error).message}`, { cause: error });
  }
}
