/**
 * Loads the About dialog (its texts' structure, the data-source table validated with core/contracts, the site
 * contact) as a chunk of its own when it is first opened: nobody needs it for the first paint, and it would bring
 * zod into the entry. While the chunk loads, 'Retrieving data...' is announced (role status); a chunk that fails
 * or times out shows the chunk-failure message with Retry in the dialog's place (app/chunks).
 */
import { Suspense } from 'react';
import { ChunkBoundary } from '../chunks/ChunkBoundary';
import { retryableLazy } from '../chunks/retryableLazy';
import { useShellStore } from '../state/shellStore';
import { LoadingOverlay } from './LoadingOverlay';

const AboutDialog = retryableLazy(() => import('./AboutDialog'));

export function AboutDialogLoader() {
  const open = useShellStore((state) => state.aboutSection !== null);
  if (!open) return null;
  return (
    <div className="about-dialog-loader">
      <ChunkBoundary variant="inline">
        <Suspense fallback={<LoadingOverlay fullScreen />}>
          <AboutDialog />
        </Suspense>
      </ChunkBoundary>
    </div>
  );
}
