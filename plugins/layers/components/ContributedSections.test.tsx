// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRegistry } from '../../../core/plugin/registry';
import type { PluginContext, SlotContribution } from '../../../core/plugin/types';
import { setLayersContext } from '../context';
import { ContributedSections } from './ContributedSections';

const section = (text: string) => async () => ({ default: () => <section><h3>{text}</h3></section> });

afterEach(() => {
  cleanup();
  setLayersContext(null);
});

describe("the layer drawer's contributed sections", () => {
  it('shows the drawer.layers contributions in order, and one registered later, but no other slot', async () => {
    const slots = createRegistry<SlotContribution>('slots');
    setLayersContext({ slots } as unknown as PluginContext);
    slots.registerAs('a', { id: 'second', slot: 'drawer.layers', order: 20, component: section('Second') });
    slots.registerAs('a', { id: 'first', slot: 'drawer.layers', order: 10, component: section('First') });
    slots.registerAs('a', { id: 'elsewhere', slot: 'map.top-left', component: section('Elsewhere') });
    render(<ContributedSections />);
    expect((await screen.findAllByRole('heading')).map((heading) => heading.textContent)).toEqual(['First', 'Second']);
    await act(async () => {
      slots.registerAs('b', { id: 'late', slot: 'drawer.layers', order: 30, component: section('Late') });
    });
    expect((await screen.findByText('Late')).tagName).toBe('H3');
    expect(screen.queryByText('Elsewhere')).toBeNull();
  });
});
