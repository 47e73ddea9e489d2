/**
 * The QR code of a share link: the modules from `uqr` (loaded on first use, so the encoder is not in any chunk a
 * page loads before someone asks for a code) drawn as one SVG path.
 */

/** Error correction M (15 %): still reads from a phone held at an angle to a screen, and keeps long links small. */
const ERROR_CORRECTION = 'M';
/** Modules of light margin around the code (the standard's quiet zone is 4). */
export const QUIET_ZONE_MODULES = 4;

/** The code's modules, `true` for dark, without a border. Rejects when the text is too long for any QR version. */
export async function encodeQr(text: string): Promise<boolean[][]> {
  const { encode } = await import('uqr');
  return encode(text, { ecc: ERROR_CORRECTION, border: 0 }).data;
}

/** An SVG path of the dark modules, one unit per module, offset by the quiet zone. */
export function modulesPath(modules: ReadonlyArray<ReadonlyArray<boolean>>): string {
  const parts: string[] = [];
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + QUIET_ZONE_MODULES} ${y + QUIET_ZONE_MODULES}h1v1h-1z`);
    }),
  );
  return parts.join('');
}
