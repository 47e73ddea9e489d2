/**
 * Catches a lazy chunk that failed to load (or timed out, SPEC §7) below it and shows the chunk-failure message
 * with Retry in its place; Retry loads the failed chunks again ({@link retryFailedChunks}) and renders the
 * children anew. Any other error passes on to the boundary above.
 */
import { Component, type ReactNode } from 'react';
import { asChunkLoadError, type ChunkLoadError } from '../../core/chunks/chunkLoading';
import { ChunkFailure } from './ChunkFailure';
import { retryFailedChunks } from './retryableLazy';

export interface ChunkBoundaryProps {
  children: ReactNode;
  /** `page`: fills the page area (route chunks); `inline`: a compact card where the contribution would be. */
  variant?: 'page' | 'inline';
  /** Called before the children are rendered again, after the failed lazies were renewed. */
  onRetry?: () => void;
}

interface ChunkBoundaryState {
  error: ChunkLoadError | null;
  /** An error that is no chunk failure, thrown on to the boundary above on the next render. */
  other: { error: unknown } | null;
}

export class ChunkBoundary extends Component<ChunkBoundaryProps, ChunkBoundaryState> {
  state: ChunkBoundaryState = { error: null, other: null };

  static getDerivedStateFromError(error: unknown): Partial<ChunkBoundaryState> {
    const chunkError = asChunkLoadError(error);
    return chunkError ? { error: chunkError } : { other: { error } };
  }

  componentDidCatch(error: unknown) {
    console.error('a chunk failed to load', error);
  }

  private readonly retry = () => {
    retryFailedChunks();
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  render() {
    const { error, other } = this.state;
    if (other) throw other.error;
    if (!error) return this.props.children;
    return <ChunkFailure kind={error.kind} variant={this.props.variant ?? 'page'} onRetry={this.retry} />;
  }
}
