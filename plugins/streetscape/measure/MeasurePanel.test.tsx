// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../app/i18n/testMessages';
import type { ViewDirection } from '../../../core/contracts/equirectangular';
import type { PanoramaSummary } from '../../../core/contracts/panoramas';
import type { Language, PluginContext } from '../../../core/plugin/types';
import type { PanoramaMark, PanoramaSurface } from '../surface';
import MeasurePanel from './MeasurePanel';
import { aimAt, BOX, boxPoint, sceneDepthBytes } from './testing/boxScene';
import { scenePanorama } from './testing/panorama';

/** What the SPEC §5 device check answers (plugins/measurement/smallScreen.ts); a desktop unless a test says otherwise. */
const device = vi.hoisted(() => ({ phone: false }));
vi.mock('../../measurement/smallScreen', () => ({ onPhoneOrSmallScreen: () => device.phone }));

const depthBytes = sceneDepthBytes(1024);
const FOOT = aimAt(boxPoint(0, -BOX.halfV, 0));
const ROOF_EDGE = aimAt(boxPoint(0, -BOX.halfV, BOX.heightMeters));
/** 0.6 depth pixel under the roof edge: on the wall (geometry.test.ts says why). */
const UNDER_ROOF_EDGE: ViewDirection = { ...ROOF_EDGE, elevationDegrees: ROOF_EDGE.elevationDegrees - (0.6 * 180) / 512 };
const SKY: ViewDirection = { azimuthDegrees: 200, elevationDegrees: 40 };

/** A viewer stand-in: the panorama shown, a view centre to aim with, the click listener and the marks drawn. */
function fakeSurface(initial: PanoramaSummary | null) {
  let panorama = initial;
  const listeners = new Set<(panorama: PanoramaSummary | null) => void>();
  const state = { clicks: null as ((direction: ViewDirection) => void) | null, marks: [] as PanoramaMark[], centre: FOOT };
  const surface: PanoramaSurface = {
    panorama: () => panorama,
    onPanoramaChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    viewCentre: () => state.centre,
    takeClicks(listener) {
      state.clicks = listener;
      return () => {
        if (state.clicks === listener) state.clicks = null;
      };
    },
    setMarks(marks) {
      state.marks = [...marks];
    },
  };
  return {
    surface,
    state,
    click(direction: ViewDirection) {
      if (!state.clicks) throw new Error('the panel is not taking clicks');
      act(() => state.clicks!(direction));
    },
    show(next: PanoramaSummary | null) {
      panorama = next;
      act(() => listeners.forEach((listener) => listener(next)));
    },
  };
}

const emitted: Array<{ name: string; id?: string }> = [];
const ctx = { analytics: { emit: (event: { name: string; id?: string }) => emitted.push(event) } } as unknown as PluginContext;
const fetchDepth = vi.fn(async () => new Response(depthBytes.slice().buffer));

beforeEach(() => {
  emitted.length = 0;
  fetchDepth.mockClear();
  vi.stubGlobal('fetch', fetchDepth);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  device.phone = false;
});

async function renderPanel(panorama: PanoramaSummary | null = scenePanorama(), language: Language = 'en-US') {
  const fake = fakeSurface(panorama);
  const view = render(
    <IntlProvider locale={language} messages={MESSAGES[language]}>
      <MeasurePanel surface={fake.surface} ctx={ctx} />
    </IntlProvider>,
  );
  const panel = screen.getByTestId('streetscape-measure');
  if (panorama?.depth) await vi.waitFor(() => expect(within(panel).getByRole('radio', { name: /Height|高度/ })).toHaveProperty('disabled', false));
  return { ...fake, panel, view };
}

const status = (panel: HTMLElement) => within(panel).getByRole('status').textContent;

describe('measuring panel', () => {
  it('on a phone or small screen says measuring is not available (SPEC §5) and leaves the clicks to the viewer', () => {
    device.phone = true;
    const fake = fakeSurface(scenePanorama());
    render(
      <IntlProvider locale="zh-HK" messages={MESSAGES['zh-HK']}>
        <MeasurePanel surface={fake.surface} ctx={ctx} />
      </IntlProvider>,
    );
    const panel = screen.getByTestId('streetscape-measure');
    expect(panel.textContent).toContain('手機、平板電腦及小型螢幕不支援全景圖量度功能');
    expect(within(panel).queryAllByRole('radio')).toHaveLength(0);
    expect(fake.state.clicks).toBeNull();
    expect(fetchDepth).not.toHaveBeenCalled();
  });

  it('measures a height: choose Height, click the wall foot and under the roof edge, see the box height listed and drawn', async () => {
    const { panel, click, state } = await renderPanel();
    expect(state.clicks).toBeNull();
    fireEvent.click(within(panel).getByRole('radio', { name: 'Height' }));
    expect(emitted).toContainEqual({ name: 'streetscape-measure::on', id: 'height' });
    click(FOOT);
    expect(status(panel)).toBe('Point 1 added.');
    expect(state.marks).toEqual([expect.objectContaining({ kind: 'point', label: '1' })]);
    click(UNDER_ROOF_EDGE);

    const result = within(panel).getByTestId('streetscape-measure-result');
    expect(result.dataset.tool).toBe('height');
    const difference = Number(result.querySelector('[data-quantity="difference"] dd')!.getAttribute('data-value'));
    expect(difference).toBeGreaterThan(BOX.heightMeters - 0.5);
    expect(difference).toBeLessThanOrEqual(BOX.heightMeters);
    expect(within(result).getByText('Height difference')).toBeTruthy();
    expect(result.querySelector('[data-quantity="difference"] dd')!.textContent).toMatch(/^29\.\d\d m$/);
    expect(status(panel)).toMatch(/^Measurement 1: Height: Height difference: 29\.\d\d m\.$/);
    expect(emitted).toContainEqual({ name: 'streetscape-measure::result', id: 'height', param: 'box-scene/one' });
    // Both points, the vertical from the foot labelled with the figure, and the dashed line across to the second.
    expect(state.marks.filter((mark) => mark.kind === 'point')).toHaveLength(2);
    expect(state.marks.filter((mark) => mark.kind === 'line')).toEqual([
      expect.objectContaining({ label: expect.stringMatching(/^29\.\d\d m$/) }),
      expect.objectContaining({ dashed: true }),
    ]);
    expect(fetchDepth).toHaveBeenCalledTimes(1);
  });

  it('says when a click hits the sky or lies beyond the depth map, and adds no point', async () => {
    const { panel, click, state } = await renderPanel();
    fireEvent.click(within(panel).getByRole('radio', { name: 'Distance' }));
    click(SKY);
    expect(status(panel)).toBe('Nothing to measure there: that is the sky. Click on a building or the ground.');
    click({ azimuthDegrees: 200, elevationDegrees: -0.1 });
    expect(status(panel)).toMatch(/farther than the depth map reaches/);
    expect(state.marks).toEqual([]);
    expect(within(panel).getByText('Distance: point 1 of 2 next.')).toBeTruthy();
  });

  it('is operable without a pointer: aim the view centre, press "Add point at view centre"; results newest first', async () => {
    const { panel, state } = await renderPanel();
    const add = within(panel).getByRole('button', { name: 'Add point at view centre' });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.click(within(panel).getByRole('radio', { name: 'Point' }));
    fireEvent.click(add);
    fireEvent.click(within(panel).getByRole('radio', { name: 'Height' }));
    fireEvent.click(add);
    state.centre = UNDER_ROOF_EDGE;
    fireEvent.click(add);
    const results = within(panel).getAllByTestId('streetscape-measure-result');
    expect(results.map((result) => result.dataset.tool)).toEqual(['height', 'point']);
    expect(within(results[1]).getByText('Easting (HK 1980 Grid)')).toBeTruthy();
    // Stop measuring gives the clicks back to the viewer (stepping along the street).
    fireEvent.click(within(panel).getByRole('button', { name: 'Stop measuring' }));
    expect(state.clicks).toBeNull();
    expect(emitted).toContainEqual({ name: 'streetscape-measure::off', id: 'height' });
  });

  it('copies a result and all results, and says so when the browser does not allow copying', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValueOnce().mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { panel, click } = await renderPanel();
    fireEvent.click(within(panel).getByRole('radio', { name: 'Height' }));
    click(FOOT);
    click(UNDER_ROOF_EDGE);
    const result = within(panel).getByTestId('streetscape-measure-result');
    await act(async () => fireEvent.click(within(result).getByRole('button', { name: 'Copy Measurement 1: Height' })));
    expect(writeText.mock.calls[0][0]).toMatch(/^Measurement 1: Height\nHeight difference: 29\.\d\d m\nHeight of point 1: 10\.0\d m\nHeight of point 2: 39\.\d\d m$/);
    expect(within(result).getByText('Copied.')).toBeTruthy();
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Copy all' })));
    expect(within(panel).getByText(/Copying is not allowed in this browser/)).toBeTruthy();
  });

  it('keeps results when another panorama opens, drops the unfinished measurement and draws only this panorama’s marks', async () => {
    const { panel, click, show, state } = await renderPanel();
    fireEvent.click(within(panel).getByRole('radio', { name: 'Point' }));
    click(FOOT);
    fireEvent.click(within(panel).getByRole('radio', { name: 'Distance' }));
    click(FOOT);
    show(scenePanorama('box-scene/two'));
    expect(status(panel)).toMatch(/^Another panorama is open/);
    await vi.waitFor(() => expect(within(panel).getByRole('radio', { name: 'Distance' })).toHaveProperty('disabled', false));
    expect(within(panel).getAllByTestId('streetscape-measure-result')).toHaveLength(1);
    expect(within(panel).getByText(/Measured in another panorama/)).toBeTruthy();
    expect(state.marks).toEqual([]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    expect(within(panel).queryByTestId('streetscape-measure-result')).toBeNull();
    expect(fetchDepth).toHaveBeenCalledTimes(2);
  });

  it('says measuring is not available for a panorama without a depth map, and why when the depth map fails', async () => {
    const without = await renderPanel(scenePanorama('box-scene/bare', false));
    expect(await within(without.panel).findByText('Measuring is not available for this panorama: it has no depth map.')).toBeTruthy();
    expect(within(without.panel).getByRole('radio', { name: 'Height' })).toHaveProperty('disabled', true);
    cleanup();

    fetchDepth.mockResolvedValueOnce(new Response('missing', { status: 404 }));
    vi.spyOn(console, 'error').mockImplementationOnce(() => {});
    const failing = fakeSurface(scenePanorama());
    render(
      <IntlProvider locale="en-US" messages={MESSAGES['en-US']}>
        <MeasurePanel surface={failing.surface} ctx={ctx} />
      </IntlProvider>,
    );
    const panel = screen.getByTestId('streetscape-measure');
    await vi.waitFor(() => expect(within(panel).getByText(/this panorama’s depth map could not be loaded \(HTTP 404\)/)).toBeTruthy());
    fireEvent.click(within(panel).getByRole('button', { name: 'Try loading the depth map again' }));
    await vi.waitFor(() => expect(within(panel).getByRole('radio', { name: 'Height' })).toHaveProperty('disabled', false));
  });

  it('speaks the page language, numbers included', async () => {
    const { panel, click } = await renderPanel(scenePanorama(), 'zh-HK');
    fireEvent.click(within(panel).getByRole('radio', { name: '點' }));
    click(FOOT);
    const result = within(panel).getByTestId('streetscape-measure-result');
    expect(within(result).getByText('東距（香港 1980 方格網）')).toBeTruthy();
    expect(result.querySelector('[data-quantity="height"] dd')!.textContent).toMatch(/^10\.0\d 米$/);
  });
});
