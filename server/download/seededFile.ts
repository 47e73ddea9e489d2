/**
 * Deterministic pseudo-random files for the download tests and benchmark: AES-256-CTR over zeros, keyed by the
 * SHA-256 of a seed, so the same seed always gives the same bytes, fast (GiB/s) and incompressible like a zip.
 */
import { createCipheriv, createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

const WRITE_CHUNK_BYTES = 4 * 1024 * 1024;

/** Writes `size` seeded bytes to `path` in chunks (never the whole file in memory); resolves to their sha256 (hex). */
export async function writeSeededFile(path: string, size: number, seed: string): Promise<string> {
  const cipher = createCipheriv('aes-256-ctr', createHash('sha256').update(seed).digest(), Buffer.alloc(16));
  const hash = createHash('sha256');
  const zeros = Buffer.alloc(WRITE_CHUNK_BYTES);
  const file = await open(path, 'w');
  try {
    for (let written = 0; written < size; ) {
      const length = Math.min(WRITE_CHUNK_BYTES, size - written);
      const chunk = cipher.update(zeros.subarray(0, length));
      hash.update(chunk);
      await file.write(chunk);
      written += length;
    }
  } finally {
    await file.close();
  }
  return hash.digest('hex');
}
