/**
 * `npm run manifests:check`: validates manifests/ and variants/, prints every problem as
 * `file: path: message [severity]`, exits 1 when any is an error (warnings alone pass).
 */
import { resolve } from 'node:path';
import { checkAllManifests } from '../core/manifests/checkAll';
import { metadataLinkProblems } from '../core/manifests/metadataLinks';
import { formatProblem, hasErrors } from '../core/manifests/validate';
import { formatCatalogueProblem, loadCatalogue, viewerLayerProblems } from '../server/catalogue/records';

const root = resolve(import.meta.dirname, '..');
const { problems, valid } = checkAllManifests(root);
for (const problem of problems) {
  (problem.severity === 'error' ? console.error : console.warn)(formatProblem(problem, true));
}
// The open-data catalogue's records (manifests/catalogue), checked as the server checks them at start-up, plus
// their viewerLayerId against the overlay manifests.
const catalogue = loadCatalogue(resolve(root, 'manifests', 'catalogue'));
const catalogueProblems = [...catalogue.problems, ...viewerLayerProblems(catalogue.records, new Set(valid.overlay.map(({ manifest }) => manifest.id)))];
// The overlays' metadataId (the layer drawer's "Metadata" button) and the records' viewerLayerId name each other.
catalogueProblems.push(...metadataLinkProblems(valid.overlay, catalogue.records));
for (const problem of catalogueProblems) {
  (problem.severity === 'error' ? console.error : console.warn)(formatCatalogueProblem(problem));
}
const count = Object.values(valid).reduce((sum, list) => sum + list.length, 0) + catalogue.records.length;
const all = [...problems, ...catalogueProblems];
const errors = all.filter((problem) => problem.severity === 'error').length;
console.log(`manifests:check: ${count} valid manifest(s), ${errors} error(s), ${all.length - errors} warning(s)`);
process.exit(hasErrors(all) ? 1 : 0);
