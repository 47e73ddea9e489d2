/**
 * `npm run manifests:check`: validates manifests/ and variants/, prints every problem as
 * `file: path: message [severity]`, exits 1 when any is an error (warnings alone pass).
 */
import { resolve } from 'node:path';
import { checkAllManifests } from '../core/manifests/checkAll';
import { formatProblem, hasErrors } from '../core/manifests/validate';

const root = resolve(import.meta.dirname, '..');
const { problems, valid } = checkAllManifests(root);
for (const problem of problems) {
  (problem.severity === 'error' ? console.error : console.warn)(formatProblem(problem, true));
}
const count = Object.values(valid).reduce((sum, list) => sum + list.length, 0);
const errors = problems.filter((problem) => problem.severity === 'error').length;
console.log(`manifests:check: ${count} valid manifest(s), ${errors} error(s), ${problems.length - errors} warning(s)`);
process.exit(hasErrors(problems) ? 1 : 0);
