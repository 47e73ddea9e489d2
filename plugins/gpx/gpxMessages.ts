/**
 * The user's message for each GPX problem (./gpxParser.ts): which file, and exactly what is wrong with it.
 */
import type { MessageId } from '../../core/plugin/types';
import type { GpxProblem } from './gpxParser';

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

export function gpxProblemMessage(problem: GpxProblem, fileName: string): { id: MessageId; values: Record<string, string | number> } {
  const file = fileName;
  switch (problem.code) {
    case 'too-large':
      return { id: 'gpx.error.tooLarge', values: { file, size: megabytes(problem.bytes), limit: megabytes(problem.limitBytes) } };
    case 'not-gpx-name':
      return { id: 'gpx.error.notGpxName', values: { file } };
    case 'not-xml':
      return { id: 'gpx.error.notXml', values: { file, detail: problem.detail || '?' } };
    case 'not-gpx':
      return { id: 'gpx.error.notGpx', values: { file, root: problem.rootName } };
    case 'empty':
      return { id: 'gpx.error.empty', values: { file } };
    case 'bad-coordinate':
      return { id: 'gpx.error.badCoordinate', values: { file, element: problem.element, position: problem.position, attribute: problem.attribute, value: problem.value ?? '' } };
    case 'bad-elevation':
      return { id: 'gpx.error.badElevation', values: { file, element: problem.element, position: problem.position, value: problem.value } };
  }
}
