/**
 * The "Metadata" (info) control of one layer row. A layer whose manifest names its catalogue record
 * (`metadataId`) links to that record's metadata page, `/metadata/<id>`, in a new tab: the viewer lives on /map
 * and leaving it would drop the map with its camera and the layers just switched on, while the user only wants
 * to read about one layer and come back. A layer without a record shows SPEC §8's notice instead.
 */
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { LANGUAGE_PARAM } from '../../../core/i18n';
import type { NoticeService } from '../../../core/plugin/types';

/** Notice id: pressing the button again replaces the notice rather than stacking copies. */
export const METADATA_UNAVAILABLE_NOTICE_ID = 'layers-metadata-unavailable';

/** The metadata page of a record, keeping only the address language (`l`) of the viewer's query. */
export function metadataLocation(metadataId: string, language: string | null): { pathname: string; search: string } {
  const search = language ? `?${new URLSearchParams({ [LANGUAGE_PARAM]: language }).toString()}` : '';
  return { pathname: `/metadata/${encodeURIComponent(metadataId)}`, search };
}

export function LayerMetadataButton({ layerName, metadataId, notices }: { layerName: string; metadataId: string | undefined; notices: NoticeService | null }) {
  const intl = useIntl();
  const [searchParams] = useSearchParams();
  if (metadataId !== undefined) {
    const label = intl.formatMessage({ id: 'layers.item.metadata.newTab' }, { layer: layerName });
    return (
      <Link
        className="layers-drawer__metadata"
        to={metadataLocation(metadataId, searchParams.get(LANGUAGE_PARAM))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        title={label}
        data-metadata-id={metadataId}
      >
        <span aria-hidden="true">i</span>
      </Link>
    );
  }
  const label = intl.formatMessage({ id: 'layers.item.metadata' }, { layer: layerName });
  return (
    <button
      type="button"
      className="layers-drawer__metadata"
      aria-label={label}
      title={label}
      onClick={() =>
        notices?.show({ id: METADATA_UNAVAILABLE_NOTICE_ID, message: intl.formatMessage({ id: 'layers.item.metadataUnavailable' }), severity: 'info' })
      }
    >
      <span aria-hidden="true">i</span>
    </button>
  );
}
