/**
 * Renders one plugin's lazy component. Loading shows nothing (or a small spinner for panels); a crash while
 * loading or rendering is reported as a notice naming the contribution, and only that contribution
 * disappears — the page goes on. A chunk that fails to load or times out (SPEC §7, §8) is not a crash: the
 * chunk-failure message with Retry takes the contribution's place (app/chunks), and Retry loads it again.
 */
import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { LazyComponent } from '../../core/plugin/types';
import { ChunkBoundary } from '../chunks/ChunkBoundary';
import { retryableLazy } from '../chunks/retryableLazy';
import { noticeService } from './notices';

const lazyCache = new WeakMap<LazyComponent, ComponentType>();

/** One retryable lazy component per loader function, so re-renders do not reload it. */
export function lazyContribution(loader: LazyComponent): ComponentType {
  let component = lazyCache.get(loader);
  if (!component) {
    component = retryableLazy(loader as () => Promise<{ default: ComponentType }>);
    lazyCache.set(loader, component);
  }
  return component;
}

interface BoundaryProps {
  /** Called once when the subtree throws. */
  onCrash(error: unknown): void;
  children: ReactNode;
}

class CrashBoundary extends Component<BoundaryProps, { crashed: boolean }> {
  state = { crashed: false };
  static getDerivedStateFromError() {
    return { crashed: true };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('a plugin contribution crashed', error, info.componentStack);
    this.props.onCrash(error);
  }
  render() {
    return this.state.crashed ? null : this.props.children;
  }
}

export interface ContributionProps {
  /** Contribution id and owning plugin, for the notice. */
  id: string;
  owner: string;
  loader: LazyComponent;
  fallback?: ReactNode;
}

export function Contribution({ id, owner, loader, fallback = null }: ContributionProps) {
  const intl = useIntl();
  const LazyView = lazyContribution(loader);
  const onCrash = (error: unknown) => {
    noticeService.show({
      id: `contribution-crashed:${owner}:${id}`,
      severity: 'error',
      message: intl.formatMessage({ id: 'app.plugin.crashed' }, { feature: id, owner, reason: error instanceof Error ? error.message : String(error) }),
    });
  };
  return (
    <CrashBoundary onCrash={onCrash}>
      <ChunkBoundary variant="inline">
        <Suspense fallback={fallback}>
          <LazyView />
        </Suspense>
      </ChunkBoundary>
    </CrashBoundary>
  );
}
