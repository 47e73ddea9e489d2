import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createRegistry } from './registry';
import type { UrlStateContribution } from './types';
import { applyAddressState } from './urlState';

describe('applyAddressState', () => {
  it('applies each parameter in the address once, and reports one whose apply throws while the others go on', () => {
    const registry = createRegistry<UrlStateContribution>('urlState');
    const applied: string[] = [];
    registry.registerAs('a', { id: 'broken', param: 'x', schema: z.string(), apply: () => { throw new Error('boom'); }, read: () => undefined });
    registry.registerAs('b', { id: 'fine', param: 'y', schema: z.string(), apply: (value) => void applied.push(value as string), read: () => undefined });
    registry.registerAs('c', { id: 'absent', param: 'z', schema: z.string(), apply: (value) => void applied.push(`z=${String(value)}`), read: () => undefined });
    const problems: string[] = [];
    applyAddressState(registry, '?x=1&y=2', (message) => void problems.push(message));
    expect(applied).toEqual(['2']);
    expect(problems).toEqual(['address parameter "x" (a): applying it failed']);
  });

  it('ignores a value its schema refuses, naming the parameter, and applies the rest (SPEC §5)', () => {
    const registry = createRegistry<UrlStateContribution>('urlState');
    const applied: unknown[] = [];
    registry.registerAs('p', { id: 'height', param: 'h', schema: z.coerce.number().min(10), apply: (value) => void applied.push(value), read: () => undefined });
    registry.registerAs('q', { id: 'style', param: 's', schema: z.enum(['dark', 'grey']), apply: (value) => void applied.push(value), read: () => undefined });
    const problems: string[] = [];
    applyAddressState(registry, '?h=3&s=grey', (message) => void problems.push(message));
    expect(applied).toEqual(['grey']);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^address parameter "h" \(p\): ignored the value "3"/);
  });

  it('applies a contribution registered after arrival, once, until disposed', () => {
    const registry = createRegistry<UrlStateContribution>('urlState');
    const applied: unknown[] = [];
    const stop = applyAddressState(registry, '?late=7&after=1', () => {});
    const dispose = registry.registerAs('later', { id: 'late', param: 'late', schema: z.coerce.number(), apply: (value) => void applied.push(value), read: () => undefined });
    dispose();
    registry.registerAs('later', { id: 'late', param: 'late', schema: z.coerce.number(), apply: (value) => void applied.push(value), read: () => undefined });
    expect(applied).toEqual([7]);
    stop();
    registry.registerAs('after', { id: 'after', param: 'after', schema: z.coerce.number(), apply: (value) => void applied.push(value), read: () => undefined });
    expect(applied).toEqual([7]);
  });
});
