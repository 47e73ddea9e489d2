/**
 * The user's message for each GPX problem (./gpxParser.ts): which file, and exactly what is wrong with it. The
 * kind of point and the coordinate are words of their own (`gpx.element.*`, `gpx.attribute.*`) put into the
 * sentence's placeholders, so each language orders the sentence its own way.
 */
import type { I18nService } from '../../core/plugin/types';
import type { GpxProblem } from './gpxParser';

/** MiB to one decimal, rounded up: a file just over the limit never reads as equal to it. */
const megabytes = (bytes: number) => (Math.ceil(bytes / (1024 * 1024) / 0.1) * 0.1).toFixed(1);

export function gpxProblemText(problem: GpxProblem, file: string, format: I18nService['format']): string {
  switch (problem.code) {
    case 'too-large':
      return format('gpx.error.tooLarge', { file, size: megabytes(problem.bytes), limit: megabytes(problem.limitBytes) });
    case 'not-gpx-name':
      return format('gpx.error.notGpxName', { file });
    case 'not-xml':
      return format('gpx.error.notXml', { file, detail: problem.detail || '?' });
    case 'not-gpx':
      return format('gpx.error.notGpx', { file, root: problem.rootName });
    case 'empty':
      return format('gpx.error.empty', { file });
    case 'bad-coordinate':
      return format('gpx.error.badCoordinate', {
        file,
        element: format(`gpx.element.${problem.element}`),
        position: problem.position,
        attribute: format(`gpx.attribute.${problem.attribute}`),
        value: problem.value ?? '',
      });
    case 'bad-elevation':
      return format('gpx.error.badElevation', { file, element: format(`gpx.element.${problem.element}`), position: problem.position, value: problem.value });
  }
}
