import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { standaloneModules } from './standaloneModules';

type LoadHook = (id: string) => Promise<string | null>;

function loader(modules: string[]): LoadHook {
  const plugin: Plugin = standaloneModules(modules);
  return plugin.load as unknown as LoadHook;
}

const variantsModule = resolve(import.meta.dirname, '../../core/variants/variants.ts');

describe('standaloneModules', () => {
  it('hands Rollup the variant check with its npm imports inlined: nothing left to share with other chunks', async () => {
    const code = await loader(['core/variants/variants.ts'])(variantsModule);
    expect(code).not.toBeNull();
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).toContain('function loadVariants');
    // Only the English zod messages, not the object of every locale (see core/manifests/variantSchema.ts).
    expect(code).not.toContain('node_modules/zod/v4/locales/fr.js');
    expect(code).toContain('node_modules/zod/v4/locales/en.js');
  });

  it('leaves every other module to Vite', async () => {
    expect(await loader(['core/variants/variants.ts'])(resolve(import.meta.dirname, '../../core/variants/selectVariant.ts'))).toBeNull();
  });
});
