/**
 * A Vite plugin for `vite build` (vite.config.ts): each listed module is bundled on its own with esbuild, its
 * npm imports included, and handed to Rollup as one self-contained module.
 *
 * Why: the first render waits for the validated variant (app/startup.ts → core/variants, zod/mini). Rollup
 * shares a package's modules between every chunk that uses them, so zod/mini's validation core would otherwise
 * sit in one chunk with everything of zod/v4/core that the lazily loaded manifest schemas use (18 kB gzip where
 * the variant check needs 8). Bundled standalone, the variant check carries only its own part of zod; the lazy
 * chunks keep theirs. Development and the unit tests use the module as written.
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const REPOSITORY = resolve(import.meta.dirname, '../..');

/** `modules`: paths from the repository root, e.g. `core/variants/variants.ts`. */
export function standaloneModules(modules: readonly string[]): Plugin {
  const ids = new Set(modules.map((module) => resolve(REPOSITORY, module).split('\\').join('/')));
  return {
    name: 'standalone-modules',
    apply: 'build',
    async load(id) {
      if (!ids.has(id)) return null;
      const result = await build({
        entryPoints: [id],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        // Rollup minifies the chunk; esbuild's job is only to inline the imports.
        minify: false,
        sourcemap: 'inline',
        logLevel: 'silent',
      });
      const [output] = result.outputFiles;
      if (!output) throw new Error(`esbuild produced nothing for ${id}`);
      return output.text;
    },
  };
}
