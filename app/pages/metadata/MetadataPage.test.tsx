// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useShellStore } from '../../state/shellStore';
import { renderAt, SAMPLE_ISO_XML, sampleRecord, stubFetch } from './metadataTesting';

const RECORD_PATH = '/mapviewer/api/catalogue/beach-water-quality';
const ISO_PATH = `${RECORD_PATH}/iso19139.xml`;
const NOT_FOUND_MESSAGE = 'We could not find any record(s) from your provided metadata id.';

beforeEach(() => {
  useShellStore.setState({ aboutSection: null, landingOpen: false });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dataset header', () => {
  it('shows title, category, status, revision date, the sample badge and a way back to the catalogue', async () => {
    stubFetch({ [RECORD_PATH]: { body: sampleRecord({ sample: true }) } });
    renderAt('/metadata/beach-water-quality');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beach water quality' })).toBeTruthy();
    expect(screen.getByText('Map layer')).toBeTruthy();
    const facts = screen.getByRole('list', { name: 'About this dataset' });
    expect(within(facts).getByText('Status: Completed')).toBeTruthy();
    expect(within(facts).getByText('Revised: April 30, 2024')).toBeTruthy();
    expect(within(facts).getByText('Sample data')).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Download data' }).getAttribute('href')).toBe('/catalogue');
  });

  it('is the same page at /download/:id, in the language of the address', async () => {
    stubFetch({ [RECORD_PATH]: { body: sampleRecord() } });
    renderAt('/download/beach-water-quality?l=zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '泳滩水质' })).toBeTruthy();
    expect(screen.getByText('状态：已完成')).toBeTruthy();
  });
});

describe('tabs', () => {
  it('follow the WAI-ARIA tabs pattern and keep the active tab in the address with the other parameters', async () => {
    stubFetch({ [RECORD_PATH]: { body: sampleRecord() }, [ISO_PATH]: { body: SAMPLE_ISO_XML, headers: { 'content-type': 'application/xml' } } });
    const router = renderAt('/metadata/beach-water-quality?l=en-US&from=search');
    const tablist = await screen.findByRole('tablist', { name: 'Dataset' });
    const [download, iso] = within(tablist).getAllByRole('tab');
    expect(download.textContent).toBe('Download');
    expect(iso.textContent).toBe('ISO 19139 metadata');
    expect(download.getAttribute('aria-selected')).toBe('true');
    expect(download.tabIndex).toBe(0);
    expect(iso.tabIndex).toBe(-1);
    const downloadPanel = document.getElementById(download.getAttribute('aria-controls')!)!;
    expect(downloadPanel.getAttribute('role')).toBe('tabpanel');
    expect(screen.getByRole('tabpanel', { name: 'Download' })).toBe(downloadPanel);

    download.focus();
    fireEvent.keyDown(download, { key: 'ArrowRight' });
    expect(iso.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(iso);
    expect(downloadPanel.hidden).toBe(true);
    expect(screen.getByRole('tabpanel', { name: 'ISO 19139 metadata' }).hidden).toBe(false);
    const params = new URLSearchParams(router.location.search);
    expect(params.get('tab')).toBe('iso');
    expect(params.get('l')).toBe('en-US');
    expect(params.get('from')).toBe('search');

    fireEvent.keyDown(iso, { key: 'ArrowRight' });
    expect(download.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(download);
    expect(new URLSearchParams(router.location.search).has('tab')).toBe(false);

    fireEvent.keyDown(download, { key: 'End' });
    expect(document.activeElement).toBe(iso);
    fireEvent.keyDown(iso, { key: 'Home' });
    expect(document.activeElement).toBe(download);
    fireEvent.keyDown(download, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(iso);
    fireEvent.click(download);
    expect(download.getAttribute('aria-selected')).toBe('true');
  });

  it('opens on the tab named in the address', async () => {
    stubFetch({ [RECORD_PATH]: { body: sampleRecord() }, [ISO_PATH]: { body: SAMPLE_ISO_XML } });
    renderAt('/metadata/beach-water-quality?tab=iso');
    const iso = await screen.findByRole('tab', { name: 'ISO 19139 metadata' });
    expect(iso.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Identification' })).toBeTruthy();
  });
});

describe('unknown records', () => {
  it('answers a 404 with the message and links back to download data and to the viewer', async () => {
    const fetchMock = stubFetch({});
    renderAt('/metadata/no-such-record?l=zh-HK');
    expect(await screen.findByText('我們未能從你提供的元數據編號找到任何記錄。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回下載數據' }).getAttribute('href')).toBe('/catalogue?l=zh-HK');
    expect(screen.getByRole('link', { name: '前往三維地圖瀏覽器' }).getAttribute('href')).toBe('/map?l=zh-HK');
    expect(fetchMock).toHaveBeenCalledWith('/mapviewer/api/catalogue/no-such-record', expect.anything());
  });

  it('does not ask the server about an id the contract rejects', async () => {
    const fetchMock = stubFetch({});
    renderAt('/metadata/NOT%20AN%20ID');
    expect(await screen.findByText(NOT_FOUND_MESSAGE)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('has no viewer link in catalogue-only mode', async () => {
    stubFetch({});
    renderAt('/metadata/no-such-record', { catalogueOnly: true });
    expect(await screen.findByText(NOT_FOUND_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to download data' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Go to the 3D map viewer' })).toBeNull();
  });
});

describe('other failures', () => {
  it('explains a server error and loads again on retry', async () => {
    let calls = 0;
    stubFetch({ [RECORD_PATH]: () => (++calls === 1 ? { status: 503, body: 'unavailable' } : { body: sampleRecord() }) });
    renderAt('/metadata/beach-water-quality');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The dataset could not be loaded')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Beach water quality' })).toBeTruthy();
  });

  it('treats an answer that breaks the contract as a failure, not a crash', async () => {
    stubFetch({ [RECORD_PATH]: { body: { id: 'beach-water-quality' } } });
    renderAt('/metadata/beach-water-quality');
    expect(await screen.findByText('The dataset could not be loaded')).toBeTruthy();
  });
});

describe('tileset metadata dialog', () => {
  it('shows the tileset, traps focus, closes on Escape and gives focus back', async () => {
    const record = sampleRecord({
      tileset: { url: '/mapviewer/api/tiles/3d/tileset.json', origin: [114.1694, 22.3193, 12.5], fileSize: { min: 30_000_000, max: 12_000_000_000 } },
      download: { kind: 'layer', apiPath: '/mapviewer/api/static/beach', formats: ['GEOJSON'] },
    });
    stubFetch({ [RECORD_PATH]: { body: record } });
    renderAt('/metadata/beach-water-quality');
    const opener = await screen.findByRole('button', { name: 'Tileset metadata' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Tileset metadata' });
    expect(within(dialog).getByRole('link', { name: '/mapviewer/api/tiles/3d/tileset.json' })).toBeTruthy();
    expect(within(dialog).getByText('Longitude 114.1694°, latitude 22.3193°, height 12.5 m')).toBeTruthy();
    expect(within(dialog).getByText('About 30 MB to 12 GB per package')).toBeTruthy();
    expect(within(dialog).getByText('GeoJSON')).toBeTruthy();
    expect(within(dialog).getByText('April 30, 2024')).toBeTruthy();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    const url = within(dialog).getByRole('link');
    url.focus();
    fireEvent.keyDown(url, { key: 'Tab' });
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('says the metadata is not available for a record without a tileset', async () => {
    stubFetch({ [RECORD_PATH]: { body: sampleRecord({ tileset: null }) } });
    renderAt('/metadata/beach-water-quality?l=zh-HK');
    fireEvent.click(await screen.findByRole('button', { name: '圖塊集元數據' }));
    const dialog = screen.getByRole('dialog', { name: '圖塊集元數據' });
    expect(within(dialog).getByText('所選圖層的元數據暫不提供。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '關閉' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    cleanup();
    renderAt('/metadata/beach-water-quality');
    fireEvent.click(await screen.findByRole('button', { name: 'Tileset metadata' }));
    expect(screen.getByText('The metadata for the selected layer is not available.')).toBeTruthy();
  });
});

describe('ISO 19139 tab', () => {
  const cases = [
    { language: 'en-US', title: '3D Indoor Map', status: 'On going', frequency: 'Quarterly', classification: 'Unclassified', role: 'Point of contact', topic: 'Structure', heading: 'Identification', revision: 'April 30, 2024 (revision)' },
    { language: 'zh-HK', title: '三維室內地圖', status: '持續更新中', frequency: '每季', classification: '非機密', role: '聯絡人', topic: '建築結構', heading: '識別資料', revision: '2024年4月30日（修訂）' },
    { language: 'zh-CN', title: '三维室内地图', status: '持续更新中', frequency: '每季', classification: '非机密', role: '联系人', topic: '建筑结构', heading: '识别信息', revision: '2024年4月30日（修订）' },
  ] as const;

  for (const expected of cases) {
    it(`shows the XML's values in ${expected.language}`, async () => {
      stubFetch({ [RECORD_PATH]: { body: sampleRecord() }, [ISO_PATH]: { body: SAMPLE_ISO_XML } });
      renderAt(`/metadata/beach-water-quality?tab=iso&l=${expected.language}`);
      const panel = await screen.findByRole('tabpanel', { hidden: false });
      const identification = await within(panel).findByRole('region', { name: expected.heading });
      // The XML's title, not the JSON record's ('Beach water quality'): the tab is built from the XML.
      expect(within(identification).getByText(expected.title)).toBeTruthy();
      expect(within(identification).getByText(expected.status)).toBeTruthy();
      expect(within(identification).getByText(expected.revision)).toBeTruthy();
      expect(within(panel).getByText(expected.frequency)).toBeTruthy();
      expect(within(panel).getByText(expected.classification)).toBeTruthy();
      expect(within(panel).getByText(expected.role)).toBeTruthy();
      expect(within(panel).getByText(expected.topic)).toBeTruthy();
    });
  }

  it('links the XML download and shows the raw XML on demand', async () => {
    stubFetch({ [RECORD_PATH]: { body: sampleRecord() }, [ISO_PATH]: { body: SAMPLE_ISO_XML } });
    renderAt('/metadata/beach-water-quality?tab=iso');
    await screen.findByRole('region', { name: 'Identification' });
    const link = screen.getByRole('link', { name: 'Download XML' });
    expect(link.getAttribute('href')).toBe(`${ISO_PATH}?download=true`);
    expect(link.hasAttribute('download')).toBe(true);
    const toggle = screen.getByRole('button', { name: 'View raw XML' });
    const raw = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(raw.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(raw.hidden).toBe(false);
    expect(raw.textContent).toContain('<gmd:MD_Metadata');
    expect(screen.getByRole('button', { name: 'Hide raw XML' })).toBe(toggle);
  });

  it('reports XML that does not parse', async () => {
    stubFetch({ [RECORD_PATH]: { body: sampleRecord() }, [ISO_PATH]: { body: '<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd"><broken>' } });
    renderAt('/metadata/beach-water-quality?tab=iso');
    expect(await screen.findByText('The ISO 19139 metadata is not well-formed XML and cannot be shown.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Identification' })).toBeNull();
  });

  it('reports a failed request with a retry', async () => {
    let calls = 0;
    stubFetch({ [RECORD_PATH]: { body: sampleRecord() }, [ISO_PATH]: () => (++calls === 1 ? { status: 500, body: 'error' } : { body: SAMPLE_ISO_XML }) });
    renderAt('/metadata/beach-water-quality?tab=iso');
    expect(await screen.findByText('The ISO 19139 metadata could not be retrieved.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Identification' })).toBeTruthy();
  });
});

describe('layer download panel', () => {
  it('downloads the GeoJSON only after the terms are accepted, and links the viewer and the terms', async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static createObjectURL = vi.fn(() => 'blob:layer-file');
        static revokeObjectURL = vi.fn();
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetchMock = stubFetch({ [RECORD_PATH]: { body: sampleRecord() }, '/mapviewer/api/static/beach': { body: { type: 'FeatureCollection', features: [] } } });
    renderAt('/metadata/beach-water-quality');
    const download = await screen.findByRole('button', { name: 'Download GeoJSON' });
    // The viewer opens with the record's layer on, looking at the record's extent.
    const viewer = new URL(screen.getByRole('link', { name: 'Open in the map viewer' }).getAttribute('href')!, 'http://localhost');
    expect(viewer.pathname).toBe('/map');
    expect(viewer.searchParams.get('layers')).toBe('beach');
    expect(viewer.searchParams.get('bbox')).toBe('113.83,22.15,114.44,22.57');

    fireEvent.click(download);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Not accept' }));
    expect(await screen.findByText('Download cancelled: the Terms and Conditions of Use were not accepted.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/mapviewer/api/static/beach'))).toBe(false);

    fireEvent.click(download);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('The layer was downloaded.')).toBeTruthy();
    expect(saved).toEqual(['beach-water-quality.geojson']);

    fireEvent.click(screen.getByRole('button', { name: 'Read the Terms and Conditions of Use' }));
    expect(useShellStore.getState().aboutSection).toBe('terms');
  });

  it('gives the WMTS capabilities address of a layer served as map tiles, and none for other layers', async () => {
    stubFetch({ [RECORD_PATH]: { body: sampleRecord({ download: { kind: 'layer', apiPath: '/mapviewer/api/lots', formats: ['GEOJSON'], wmtsLayer: 'cite:3D_LOTGLA' } }) } });
    renderAt('/metadata/beach-water-quality');
    const address = (await screen.findByRole('textbox', { name: 'WMTS capabilities address' })) as HTMLInputElement;
    expect(address.value).toBe(`${window.location.origin}/geoserver/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetCapabilities`);
    expect(screen.getByText(/The layer is named cite:3D_LOTGLA\./)).toBeTruthy();
    cleanup();

    stubFetch({ [RECORD_PATH]: { body: sampleRecord() } });
    renderAt('/metadata/beach-water-quality');
    expect(await screen.findByRole('button', { name: 'Download GeoJSON' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'WMTS capabilities address' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'WFS capabilities address' })).toBeNull();
  });

  it('gives the WFS capabilities address of a layer served as features', async () => {
    stubFetch({ [RECORD_PATH]: { body: sampleRecord({ download: { kind: 'layer', apiPath: '/mapviewer/geopin/pin/wfs', formats: ['GEOJSON'], wfsFeatureType: 'geopin:uav_zone' } }) } });
    renderAt('/metadata/beach-water-quality');
    const address = (await screen.findByRole('textbox', { name: 'WFS capabilities address' })) as HTMLInputElement;
    expect(address.value).toBe(`${window.location.origin}/mapviewer/geopin/pin/wfs?SERVICE=WFS&REQUEST=GetCapabilities`);
    expect(screen.getByText(/The feature type is named geopin:uav_zone\./)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'WMTS capabilities address' })).toBeNull();
  });

  it('leaves out the viewer link in catalogue-only mode', async () => {
    stubFetch({ [RECORD_PATH]: { body: sampleRecord() } });
    renderAt('/metadata/beach-water-quality', { catalogueOnly: true });
    expect(await screen.findByRole('button', { name: 'Download GeoJSON' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open in the map viewer' })).toBeNull();
  });
});

describe('download tab by kind', () => {
  it('shows the indoor download page for an indoor record', async () => {
    stubFetch({
      [RECORD_PATH]: { body: sampleRecord({ category: 'indoor', download: { kind: 'indoor', formats: ['GEOJSON', 'SHP'] }, viewerLayerId: null }) },
      '/mapviewer/api/indoor/venues': { body: { total: 0, venues: [] } },
    });
    renderAt('/metadata/beach-water-quality');
    expect(await screen.findByRole('heading', { level: 2, name: '3D indoor map data' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('No venue matches your search. Try another name, district or type.')).toBeTruthy());
  });
});
