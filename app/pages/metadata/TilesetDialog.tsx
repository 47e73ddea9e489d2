/**
 * The "Tileset metadata" popup (SPEC §2, §3 "Catalogue item"): tileset URL, XYZ origin, file size range,
 * formats and revision date, or 'The metadata for the selected layer is not available.' for a record
 * without a tileset. Modal: focus trapped, Escape and the backdrop close it, focus returns to the opener.
 */
import { useIntl } from 'react-intl';
import type { CatalogueRecord } from '../../../core/contracts/catalogue';
import { ModalDialog } from '../../components/ModalDialog';
import { formatFileSize, formatIsoDate } from './format';

export function TilesetDialog({ record, onClose }: { record: CatalogueRecord; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const tileset = record.tileset;

  const degrees = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 6 });

  return (
    <ModalDialog title={t('metadata.tileset.title')} className="tileset-dialog" onDismiss={onClose} closeLabel={t('metadata.action.close')}>
      <div className="tileset-dialog__body">
        {tileset ? (
          <dl className="metadata-facts">
            <dt>{t('metadata.tileset.url')}</dt>
            <dd>
              <a className="metadata-code" href={tileset.url}>
                {tileset.url}
              </a>
            </dd>
            <dt>{t('metadata.tileset.origin')}</dt>
            <dd>
              {t('metadata.tileset.originValue', {
                longitude: degrees(tileset.origin[0]),
                latitude: degrees(tileset.origin[1]),
                height: intl.formatNumber(tileset.origin[2], { maximumFractionDigits: 2 }),
              })}
            </dd>
            <dt>{t('metadata.tileset.fileSize')}</dt>
            <dd>{t('metadata.tileset.fileSizeRange', { min: formatFileSize(intl, tileset.fileSize.min), max: formatFileSize(intl, tileset.fileSize.max) })}</dd>
            <dt>{t('metadata.tileset.formats')}</dt>
            <dd>
              <ul className="iso__chips">
                {record.download.formats.map((format) => (
                  <li key={format}>{t(`metadata.format.${format}`)}</li>
                ))}
              </ul>
            </dd>
            <dt>{t('metadata.tileset.revisionDate')}</dt>
            <dd>{formatIsoDate(intl, record.dates.revision)}</dd>
          </dl>
        ) : (
          <p className="metadata-message" role="status">
            {t('metadata.tileset.unavailable')}
          </p>
        )}
      </div>
    </ModalDialog>
  );
}
