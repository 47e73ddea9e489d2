/** A tiny stage and trail list for the hiking tests (imported by tests only). */
import type { TrailListResponse, TrailProfileResponse } from '../../core/contracts/trails';

const figures = {
  lengthMetres: 100,
  ascentMetres: 20,
  descentMetres: 0,
  durationMinutes: 3.2,
  steepShare: 0.5,
  difficulty: 'very-hard' as const,
  metresByClass: { gentle: 50, moderate: 0, steep: 50, severe: 0 },
  lowestMetres: 100,
  highestMetres: 120,
  districts: [{ 'en-US': 'Sai Kung', 'zh-HK': '西貢', 'zh-CN': '西贡' }],
  start: [114.3, 22.4] as [number, number],
  end: [114.301, 22.4] as [number, number],
  bounds: [114.3, 22.4, 114.301, 22.4] as [number, number, number, number],
};
const name = { 'en-US': 'MacLehose Trail Section 1', 'zh-HK': '麥理浩徑第1段', 'zh-CN': '麦理浩径第1段' };
export const PROFILE: TrailProfileResponse = {
  trail: 'maclehose',
  stage: 1,
  name,
  figures,
  stepMetres: 25,
  // About 25 m apart along a parallel (0.00025° of longitude ≈ 25.7 m at 22.4° N).
  samples: [
    [0, 114.3, 22.4, 100],
    [25, 114.30025, 22.4, 100],
    [50, 114.3005, 22.4, 100],
    [75, 114.30075, 22.4, 110],
    [100, 114.301, 22.4, 120],
  ],
  slopeDegrees: [0, 0, 21.8, 21.8],
  steepness: ['gentle', 'gentle', 'severe', 'severe'],
  distancePosts: [{ code: 'M001', position: [114.30025, 22.4001], distanceMetres: 25 }],
  campsites: [],
  start: { name, position: [114.3, 22.4], heightMetres: 100, mtrExits: [] },
  end: { name: { ...name, 'en-US': 'MacLehose Trail Section 1 end' }, position: [114.301, 22.4], heightMetres: 120, mtrExits: [] },
  attribution: 'test',
};
export const LIST: TrailListResponse = {
  trails: [
    {
      id: 'maclehose',
      name: { 'en-US': 'MacLehose Trail', 'zh-HK': '麥理浩徑', 'zh-CN': '麦理浩径' },
      figures,
      stages: [{ ...figures, stage: 1, name, startWaypointOffsetMetres: 5 }],
    },
  ],
  method: { heights: '', duration: '', difficulty: '', stages: '' },
  attribution: '',
};

