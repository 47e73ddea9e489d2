/**
 * The page address's side of the `urlState` registry ({@link UrlStateContribution}): on arrival every
 * contribution whose parameter is in the address gets its parsed value once, also those registered later (a
 * plugin activated after the others, a drawer that registers late). The app applies it when it starts the plugin
 * host (app/plugins/bootstrap.ts), whichever plugins the variant has; writing the values back into a link is the
 * share-map plugin's (its urlStateEngine.ts).
 */
import type { Disposer, Registry, UrlStateContribution } from './types';

/** Where a problem with one parameter goes (the app logs it; a bad parameter never stops the others). */
export type ProblemReporter = (message: string, error?: unknown) => void;

/**
 * Gives each contribution the value its parameter has in `search`, once per contribution id: those registered now
 * and those registered later, until the disposer is called. A value the contribution's schema refuses is reported
 * and ignored (SPEC §5: malformed values are ignored, the rest applied); an `apply` that throws is reported and the
 * others go on.
 */
export function applyAddressState(registry: Registry<UrlStateContribution>, search: string, report: ProblemReporter): Disposer {
  const params = new URLSearchParams(search);
  const done = new Set<string>();
  const applyNew = (items: ReadonlyArray<UrlStateContribution & { owner: string }>) => {
    for (const item of items) {
      if (done.has(item.id)) continue;
      done.add(item.id);
      const text = params.get(item.param);
      if (text === null) continue;
      const parsed = item.schema.safeParse(text);
      if (!parsed.success) {
        report(`address parameter "${item.param}" (${item.owner}): ignored the value "${text.slice(0, 80)}": ${parsed.error.issues[0]?.message ?? 'invalid'}`);
        continue;
      }
      try {
        item.apply(parsed.data);
      } catch (error) {
        report(`address parameter "${item.param}" (${item.owner}): applying it failed`, error);
      }
    }
  };
  applyNew(registry.list());
  return registry.subscribe(applyNew);
}
