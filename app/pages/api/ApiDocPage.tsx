/** Being written (issue 5); replaced by its owner. */
import type { ApiDocPage as ApiDocPageId } from '../../routes/routeTable';

export default function ApiDocPage({ apiPage }: { apiPage: ApiDocPageId }) {
  return <p>{apiPage}</p>;
}
