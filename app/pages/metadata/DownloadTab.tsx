import type { CatalogueRecord } from '../../../core/contracts/catalogue';
import { IndoorDownload } from './download/IndoorDownload';
import { LayerDownload } from './download/LayerDownload';
import { TileGridDownload } from './download/TileGridDownload';

/** The Download tab: the panel for how the record is downloaded (`record.download.kind`). */
export function DownloadTab({ record }: { record: CatalogueRecord }) {
  switch (record.download.kind) {
    case 'tile-grid':
      return <TileGridDownload record={record} />;
    case 'indoor':
      return <IndoorDownload />;
    case 'layer':
      return <LayerDownload record={record} apiPath={record.download.apiPath} />;
  }
}
