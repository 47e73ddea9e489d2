import { describe, expect, it } from 'vitest';
import second from '../../variants/second.json';
import { loadVariants } from './variants';

// This file imports the variant schema (zod/mini) without zod itself, as the first render does: the problems
// must read as they do in `npm run manifests:check`, which loads zod.
describe('loadVariants', () => {
  it('reports a broken variant with the messages of the manifest checks', () => {
    const { id: _id, ...withoutId } = second;
    void _id;
    const broken = { ...withoutId, homeView: { ...second.homeView, heightMeters: 5, pitchDegrees: -120 }, colour: 'red' };
    const { variants, problems } = loadVariants({ '../variants/second.json': { default: broken } });
    expect(variants.size).toBe(0);
    expect(problems.map((problem) => `${problem.path}: ${problem.message}`)).toEqual([
      'id: required string is missing',
      'homeView.heightMeters: expected number ≥ 10 (SPEC §9 minimum camera height)',
      'homeView.pitchDegrees: Too small: expected number to be >=-90',
      'colour: unknown key',
    ]);
  });

  it('applies the schema defaults', () => {
    const { variants, problems } = loadVariants({ '../variants/second.json': { default: second } });
    expect(problems).toEqual([]);
    expect(variants.get('second')?.homeView).toMatchObject({ headingDegrees: 0, rollDegrees: 0 });
  });
});
