/**
 * Care teams (SPEC §3): no open list of them exists, so one sample team is generated for each real sub-district,
 * the 452 District Council constituency areas of 2019 (data/census, named in three languages by ./census.ts),
 * placed at a point inside its area. The generator is seeded, so every start gives the same teams. Sample contact
 * details can reach nobody: telephone and fax numbers start with 0000 (no Hong Kong number does) and the e-mail and
 * web addresses are on example.org, a domain reserved for examples.
 */
import type { LocalisedText } from '../../core/contracts';
import { DISTRICT_LETTERS, type CareTeamCollection, type CareTeamFeature, type CareTeamQuery } from '../../core/contracts/careTeams';
import { loadDcca2019 } from './census';
import { labelPoint } from './geometry';
import { randomInteger, seededRandom } from './seededRandom';

/** Facilities a care team's service point may offer, by id. */
export const CARE_TEAM_FACILITIES: Readonly<Record<string, LocalisedText>> = {
  'service-point': { 'en-US': 'Service point', 'zh-HK': '服務點', 'zh-CN': '服务点' },
  'wheelchair-access': { 'en-US': 'Wheelchair access', 'zh-HK': '輪椅通道', 'zh-CN': '轮椅通道' },
  'meeting-room': { 'en-US': 'Meeting room', 'zh-HK': '會議室', 'zh-CN': '会议室' },
  'home-visits': { 'en-US': 'Home visits', 'zh-HK': '家訪', 'zh-CN': '家访' },
  'emergency-supplies': { 'en-US': 'Emergency supplies', 'zh-HK': '緊急物資', 'zh-CN': '紧急物资' },
  'elderly-support': { 'en-US': 'Support for the elderly', 'zh-HK': '長者支援', 'zh-CN': '长者支援' },
};
const FACILITY_IDS = Object.keys(CARE_TEAM_FACILITIES);

type Dcca = ReturnType<typeof loadDcca2019>;

/** The note every sample record carries. */
const SAMPLE_NOTE = {
  note_EN: 'Sample record: no open list of care teams exists, so this team is generated for the sub-district; its contact details reach nobody.',
  note_TC: '樣本記錄：關愛隊沒有公開名單，此隊為該分區生成，其聯絡資料並無實際用途。',
  note_SC: '样本记录：关爱队没有公开名单，此队为该分区生成，其联络资料并无实际用途。',
};

/** A four-digit number written with leading zeros. */
const fourDigits = (value: number) => String(value).padStart(4, '0');

/** One sample team per constituency area of `dcca`, in code order; `seed` picks the facilities. */
export function generateCareTeams(dcca: Dcca, seed = 'care-teams'): CareTeamCollection {
  const random = seededRandom(seed);
  const features = dcca.features.map((area, index): CareTeamFeature => {
    const p = area.properties;
    const code = area.id;
    const districtCode = p.district as (typeof DISTRICT_LETTERS)[number];
    if (!DISTRICT_LETTERS.includes(districtCode)) throw new Error(`care teams: ${code} has no district letter`);
    const [longitude, latitude] = labelPoint(area.geometry.coordinates);
    const count = randomInteger(random, 2, 4);
    const facilities = FACILITY_IDS.filter(() => random() < 0.5).slice(0, count);
    if (!facilities.includes('service-point')) facilities.unshift('service-point');
    const words = (language: keyof LocalisedText) => facilities.map((id) => CARE_TEAM_FACILITIES[id][language]);
    const number = fourDigits(index + 1);
    const lower = code.toLowerCase();
    return {
      type: 'Feature',
      id: `care-team-${code}`,
      geometry: { type: 'Point', coordinates: [Number(longitude.toFixed(6)), Number(latitude.toFixed(6))] },
      properties: {
        id: `care-team-${code}`,
        key_EN: `Care team ${code} (sample)`,
        key_TC: `${p.name_TC}關愛隊（樣本）`,
        key_SC: `${p.name_SC}关爱队（样本）`,
        organisation_EN: `${p.district_EN} Community Care Association (sample)`,
        organisation_TC: `${p.district_TC}社區關愛協會（樣本）`,
        organisation_SC: `${p.district_SC}社区关爱协会（样本）`,
        telephone: `0000 ${number}`,
        fax: `0000 ${fourDigits(index + 5001)}`,
        email: `${lower}@care-team.example.org`,
        messaging: `WhatsApp 0000 ${number} · Facebook example.org/care-team-${lower}`,
        website: `https://care-team.example.org/${lower}`,
        facilities,
        facilities_EN: words('en-US').join(', '),
        facilities_TC: words('zh-HK').join('、'),
        facilities_SC: words('zh-CN').join('、'),
        districtCode,
        district_EN: p.district_EN,
        district_TC: p.district_TC,
        district_SC: p.district_SC,
        subDistrictCode: code,
        subDistrict_EN: p.name_EN,
        subDistrict_TC: p.name_TC,
        subDistrict_SC: p.name_SC,
        sample: true,
        ...SAMPLE_NOTE,
      },
    };
  });
  return { type: 'FeatureCollection', sample: true, features };
}

/** The sample teams of the sub-districts in data/census. */
export function loadCareTeams(dataDir: string): CareTeamCollection {
  return generateCareTeams(loadDcca2019(dataDir));
}

/** The texts a search matches: names, organisation, district and sub-district in every language, and the codes. */
function searchableText(team: CareTeamFeature['properties']): string {
  return [
    team.key_EN, team.key_TC, team.key_SC,
    team.organisation_EN, team.organisation_TC, team.organisation_SC,
    team.district_EN, team.district_TC, team.district_SC,
    team.subDistrict_EN, team.subDistrict_TC, team.subDistrict_SC,
    team.subDistrictCode,
  ].join('\n').toLowerCase();
}

/** The teams of `collection` that match the query (district letter and/or text, case-insensitive). */
export function filterCareTeams(collection: CareTeamCollection, query: Pick<CareTeamQuery, 'district' | 'q'>): CareTeamCollection {
  const text = query.q?.toLowerCase();
  const features = collection.features.filter(
    (team) => (!query.district || team.properties.districtCode === query.district) && (!text || searchableText(team.properties).includes(text)),
  );
  return { type: 'FeatureCollection', sample: collection.sample, features };
}
