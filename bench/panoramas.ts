/**
 * `npm run bench:panoramas`: how long the sample panorama renderer (server/panoramas) takes for one Kwun Tong street
 * pose — the first drawing (scene and base map tiles), then images 1024, 2048 and 4096 wide and the 1024 × 512
 * depth map — and how its column caster compares with a brute-force per-pixel ray cast of the same scene
 * (every wall, roof and terrain step tested for every pixel), timed in the same run at a small size, with the share
 * of pixels where the two agree within 5 cm.
 */
import { loadDefaultBuildingRecords } from '../server/buildings/defaultSources';
import { createMemoryBuildingStore } from '../server/buildings/store';
import { bruteForceDepth } from '../server/panoramas/renderBruteForce';
import { createPanoramaRenderer } from '../server/panoramas/renderer';
import { renderDepthMetres } from '../server/panoramas/renderPanorama';
import { buildPanoramaScene } from '../server/panoramas/scene';
import { getDemSampler } from '../server/terrain/dem';
import { getStreetVectors } from '../server/terrain/vectors';
import { heading, line, ratio } from './format';

const DATA_DIR = 'data';
/** Hoi Yuen Road, Kwun Tong, looking up the street; the camera 2.5 m above the ground. */
const PLACE = { longitude: 114.22468, latitude: 22.31048, headingDegrees: 50 };
const BASELINE_WIDTH = 256;

async function main(): Promise<void> {
  const buildings = createMemoryBuildingStore(loadDefaultBuildingRecords(DATA_DIR).records);
  const renderer = createPanoramaRenderer({ dataDir: DATA_DIR, buildings });
  const ground = renderer.groundHeight(PLACE.longitude, PLACE.latitude);
  if (ground === null) throw new Error('The DEM does not cover the bench pose');
  const pose = { ...PLACE, heightMeters: ground + 2.5 };
  /** Wall-clock and CPU time of one drawing: on a shared machine the CPU time says more about the code. */
  const time = async (work: () => Promise<unknown>) => {
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    await work();
    const cpu = process.cpuUsage(cpuBefore);
    return `${(performance.now() - start).toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)`;
  };

  heading('Sample panorama renderer, Hoi Yuen Road (Kwun Tong)');
  line('first image 1024 (scene, base map)', await time(() => renderer.image(pose, 1024)));
  for (const width of [1024, 2048, 4096]) line(`image ${width} × ${width / 2} (JPEG)`, await time(() => renderer.image(pose, width)));
  line('depth 1024 × 512', await time(() => renderer.depth(pose, 1024)));

  heading(`Column caster against a brute-force ray cast, depth ${BASELINE_WIDTH} × ${BASELINE_WIDTH / 2}`);
  const scene = await buildPanoramaScene({ dem: getDemSampler(DATA_DIR), vectors: () => getStreetVectors(DATA_DIR), buildings }, pose);
  let started = performance.now();
  const fast = renderDepthMetres(scene, BASELINE_WIDTH);
  const fastMs = performance.now() - started;
  started = performance.now();
  const slow = bruteForceDepth(scene, BASELINE_WIDTH);
  const slowMs = performance.now() - started;
  let agree = 0;
  for (let index = 0; index < fast.length; index += 1) {
    if ((Number.isNaN(fast[index]) && Number.isNaN(slow[index])) || Math.abs(fast[index] - slow[index]) < 0.05) agree += 1;
  }
  line('column caster', `${fastMs.toFixed(1)} ms`);
  line('brute force', `${slowMs.toFixed(1)} ms`);
  line('brute force / column caster', ratio(slowMs, fastMs));
  line('pixels agreeing within 5 cm', `${((100 * agree) / fast.length).toFixed(2)} %`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
