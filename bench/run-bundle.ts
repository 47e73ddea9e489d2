/**
 * `npx tsx bench/run-bundle.ts [build folder] [--out <folder>] [--against <build folder>]`: the bundle benchmark of
 * bench/run.ts (first-render JavaScript against the Cesium chunks, measured in the same run) followed by where that
 * JavaScript comes from, per npm package and source folder (bench/bundleBreakdown.ts).
 *
 * Without a build folder it builds the current sources with source maps (never into dist/, which others may be
 * serving): into `--out <folder>`, kept for a later `--against`, or else into a folder under the system's
 * temporary folder, removed at the end. With `--against`, a second build with source maps (e.g. one of an earlier
 * commit) is broken down too and each group gets its ratio to it.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { benchBundle } from './bundle';
import { buildWithSourceMaps, firstRenderBreakdown, type GroupFigures } from './bundleBreakdown';
import { onCleanup } from './cleanup';
import { heading, kilobytes, line, ratio } from './format';
import { runBench } from './runner';

/** A build with source maps takes ~2 minutes on 2 busy cores. */
const BUDGET_MS = 300_000;

const USAGE = 'usage: [build folder] [--out <folder>] [--against <build folder>]';

function parseArguments(args: string[]): { dist: string | null; out: string | null; against: string | null } {
  let dist: string | null = null;
  let out: string | null = null;
  let against: string | null = null;
  for (let index = 0; index < args.length; index += 1) {
    const option = args[index];
    if (option === '--against' || option === '--out') {
      const value = args[index + 1];
      if (value === undefined) throw new Error(`${option} needs a folder (${USAGE})`);
      if (option === '--against') against = value;
      else out = value;
      index += 1;
    } else if (dist === null && !option.startsWith('--')) {
      dist = option;
    } else {
      throw new Error(`unexpected argument "${option}" (${USAGE})`);
    }
  }
  if (dist !== null && out !== null) throw new Error(`--out builds; a build folder is measured as it is (${USAGE})`);
  return { dist, out, against };
}

function printBreakdown(groups: Map<string, GroupFigures>, against: Map<string, GroupFigures> | null): void {
  const total = [...groups.values()].reduce((sum, figures) => sum + figures.gzip, 0);
  const names = [...groups.keys()];
  if (against) for (const name of against.keys()) if (!groups.has(name)) names.push(name);
  for (const name of names) {
    const figures = groups.get(name) ?? { raw: 0, gzip: 0 };
    const share = `${((figures.gzip / total) * 100).toFixed(1)} %`.padStart(7);
    let text = `${kilobytes(figures.gzip).padStart(9)} gzip ${share}  ${kilobytes(figures.raw).padStart(9)} raw`;
    if (against) {
      const before = against.get(name)?.gzip ?? 0;
      text += `   before ${kilobytes(before).padStart(9)}  ratio ${ratio(figures.gzip, before)}`;
    }
    line(name, text);
  }
}

/**
 * The entry is what the browser must fetch and run before it can even ask for the lazy chunks; these are what it
 * asks for next, all at once, and waits for before painting. Printed so that moving code out of the entry into a
 * chunk the first render still waits for is seen for what it is.
 */
runBench('bench:bundle', BUDGET_MS, async () => {
  const options = parseArguments(process.argv.slice(2));
  const dist = options.dist ?? options.out ?? joinPath(tmpdir(), `hk3d-bundle-${process.pid}`);
  if (options.dist === null) {
    // A build copies Cesium's static files (~40 MB): a folder of the bench's own choosing does not outlive it.
    if (options.out === null) onCleanup(() => rmSync(dist, { recursive: true, force: true }));
    console.log(`building with source maps into ${dist}`);
    await buildWithSourceMaps(dist);
  }
  benchBundle(dist);
  heading(`First-render JavaScript by package and source folder (gzip scaled to the chunk, ${dist})`);
  const { groups } = firstRenderBreakdown(dist);
  const against = options.against ? firstRenderBreakdown(options.against).groups : null;
  if (options.against) {
    const sum = (figures: Map<string, GroupFigures>) => [...figures.values()].reduce((total, entry) => total + entry.gzip, 0);
    line('against', `${options.against}: ${kilobytes(sum(against!))} gzip; this build ${kilobytes(sum(groups))} (ratio ${ratio(sum(groups), sum(against!))})`);
  }
  printBreakdown(groups, against);
  return 0;
});
