// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { IndoorVenueSummary } from '../../../../core/contracts/download';
import type { Language } from '../../../../core/plugin/types';
import { MESSAGES } from '../../../i18n/testMessages';
import { useShellStore } from '../../../state/shellStore';
import { stubFetch, type FakeAnswer } from '../metadataTesting';
import { IndoorDownload, VENUES_PER_PAGE } from './IndoorDownload';

const VENUES_PATH = '/mapviewer/api/indoor/venues';

function venue(overrides: Partial<IndoorVenueSummary> = {}): IndoorVenueSummary {
  return {
    id: 'MTR-ADM',
    type: 'metro-station',
    name: { 'en-US': 'Admiralty Station', 'zh-HK': '金鐘站', 'zh-CN': '金钟站' },
    districtCode: 'A',
    district: { 'en-US': 'Central and Western', 'zh-HK': '中西區', 'zh-CN': '中西区' },
    floors: ['L1', 'L2', 'L3'],
    position: [114.1646, 22.2793],
    links: { GEOJSON: '/mapviewer/api/indoor/download/GEOJSON/MTR-ADM', SHP: '/mapviewer/api/indoor/download/SHP/MTR-ADM' },
    buildingUse: null,
    sample: true,
    ...overrides,
  };
}

function renderIndoor(language: Language = 'en-US') {
  render(
    <IntlProvider locale={language} messages={{ ...MESSAGES['en-US'], ...MESSAGES[language] }}>
      <IndoorDownload />
    </IntlProvider>,
  );
}

/** The venue list answer, and a download answer per link path. */
function stubVenues(venues: IndoorVenueSummary[], downloads: Record<string, FakeAnswer> = {}) {
  return stubFetch({ [VENUES_PATH]: { body: { total: venues.length, venues } }, ...downloads });
}

function requestedVenueQueries(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(VENUES_PATH));
}

let createObjectURL: Mock<(object: Blob | MediaSource) => string>;
let clicked: Array<{ href: string; download: string }>;

beforeEach(() => {
  useShellStore.setState({ aboutSection: null });
  clicked = [];
  createObjectURL = vi.fn(() => 'blob:venue-file');
  vi.stubGlobal(
    'URL',
    class extends URL {
      static createObjectURL = createObjectURL;
      static revokeObjectURL = vi.fn();
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('venue search', () => {
  it('sends the name (after the typing pause), district and type as the query', async () => {
    const fetchMock = stubVenues([venue()]);
    renderIndoor();
    await screen.findByRole('heading', { level: 3, name: 'Admiralty Station' });
    expect(requestedVenueQueries(fetchMock)).toEqual([VENUES_PATH]);

    fireEvent.change(screen.getByLabelText('Venue name'), { target: { value: 'Adm' } });
    fireEvent.change(screen.getByLabelText('Venue name'), { target: { value: 'Admiralty' } });
    await waitFor(() => expect(requestedVenueQueries(fetchMock)).toEqual([VENUES_PATH, `${VENUES_PATH}?q=Admiralty`]));

    const district = screen.getByLabelText('District') as HTMLSelectElement;
    expect(district.options).toHaveLength(19);
    expect(Array.from(district.options, (option) => option.value).join('')).toBe('ABCDEFGHJKLMNPQRST');
    fireEvent.change(district, { target: { value: 'A' } });
    await waitFor(() => expect(requestedVenueQueries(fetchMock).at(-1)).toBe(`${VENUES_PATH}?q=Admiralty&district=A`));

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'metro-station' } });
    await waitFor(() => expect(requestedVenueQueries(fetchMock).at(-1)).toBe(`${VENUES_PATH}?q=Admiralty&district=A&type=metro-station`));
  });

  it('lists name, district, type and floors in the page language', async () => {
    stubVenues([venue(), venue({ id: 'BLDG-12', type: 'building', name: { 'en-US': 'Harbour Building', 'zh-HK': '海港大廈', 'zh-CN': '海港大厦' }, floors: ['G'] })]);
    renderIndoor('zh-HK');
    const station = (await screen.findByRole('heading', { level: 3, name: '金鐘站' })).closest('li')!;
    expect(within(station).getByText('中西區')).toBeTruthy();
    expect(within(station).getByText('鐵路站')).toBeTruthy();
    expect(within(station).getByText('3 層')).toBeTruthy();
    expect(within(station).getByRole('button', { name: '下載金鐘站的 GeoJSON' })).toBeTruthy();
    expect(within(station).getByRole('button', { name: '下載金鐘站的 SHP' })).toBeTruthy();
    const building = screen.getByRole('heading', { level: 3, name: '海港大廈' }).closest('li')!;
    expect(within(building).getByText('建築物')).toBeTruthy();
    expect(screen.getByText('找到 2 個地點')).toBeTruthy();
  });

  it('shows the venues a page at a time', async () => {
    const many = Array.from({ length: VENUES_PER_PAGE + 5 }, (_, index) =>
      venue({ id: `BLDG-${index}`, type: 'building', name: { 'en-US': `Building ${index}`, 'zh-HK': `大廈 ${index}`, 'zh-CN': `大厦 ${index}` } }),
    );
    stubVenues(many);
    renderIndoor();
    await screen.findByRole('heading', { level: 3, name: 'Building 0' });
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(VENUES_PER_PAGE);
    fireEvent.click(screen.getByRole('button', { name: 'Show 5 more venues' }));
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(VENUES_PER_PAGE + 5);
  });

  it('offers a retry when the list fails', async () => {
    let calls = 0;
    stubFetch({ [VENUES_PATH]: () => (++calls === 1 ? { status: 500, body: 'error' } : { body: { total: 1, venues: [venue()] } }) });
    renderIndoor();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Admiralty Station' })).toBeTruthy();
  });
});

describe('downloads behind the terms', () => {
  const link = venue().links.GEOJSON;

  it('downloads nothing when the terms are not accepted', async () => {
    const fetchMock = stubVenues([venue()], { [link]: { body: '{"type":"FeatureCollection","features":[]}' } });
    renderIndoor();
    fireEvent.click(await screen.findByRole('button', { name: 'Download GeoJSON of Admiralty Station' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not accept' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Download cancelled: the Terms and Conditions of Use were not accepted.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === link)).toBe(false);
    expect(clicked).toEqual([]);
  });

  it('downloads the file once the terms are accepted and says so', async () => {
    const fetchMock = stubVenues([venue()], {
      [link]: { body: '{"type":"FeatureCollection","features":[]}', headers: { 'content-disposition': 'attachment; filename="MTR-ADM.geojson"' } },
    });
    renderIndoor();
    fireEvent.click(await screen.findByRole('button', { name: 'Download GeoJSON of Admiralty Station' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Download 3D indoor map data successfully')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === link)).toBe(true);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked).toEqual([{ href: 'blob:venue-file', download: 'MTR-ADM.geojson' }]);
  });

  it('says the data is not available for a 404 and reports other failures', async () => {
    const shp = venue().links.SHP;
    stubVenues([venue()], { [link]: { status: 404, body: '3D indoor map is not found' }, [shp]: { status: 500, body: 'error' } });
    renderIndoor();
    fireEvent.click(await screen.findByRole('button', { name: 'Download GeoJSON of Admiralty Station' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('3D indoor map data is not available')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Download SHP of Admiralty Station' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Fail to download 3D indoor map data')).toBeTruthy();
    expect(clicked).toEqual([]);
  });
});
