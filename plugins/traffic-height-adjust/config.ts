import { z } from 'zod';

/** Options of the traffic-image height tool (variant `dev-td`, flag `trafficImageHeightTool`). */
export const trafficHeightConfigSchema = z.strictObject({
  /**
   * The overlay whose markers the tool lifts: this plugin registers it (from manifests/overlays/<id>.json), so the
   * variant must not list it in its `overlays`. Default `tdssimg`, the traffic snapshot cameras.
   */
  overlayId: z.string().min(1).default('tdssimg'),
  /** SPEC §5/§9: the input applies this long after the last keystroke, ms. Default 3500. */
  debounceMs: z.number().int().min(0).default(3500),
  /** SPEC §5: an adjustment beyond ± this many metres is ignored and reverted. Default 1000. */
  limitMeters: z.number().positive().default(1000),
});
export type TrafficHeightConfig = z.infer<typeof trafficHeightConfigSchema>;
