import { Component, type ErrorInfo, type ReactNode } from 'react';
import { BoundaryErrorPage } from './BoundaryErrorPage';
import { ChunkLoadErrorPage } from './ChunkLoadErrorPage';
import { isChunkLoadError } from './isChunkLoadError';

interface Props {
  children: ReactNode;
  /** the error is forgotten when this changes (the page's path) */
  resetKey?: string;
}

interface State {
  error: unknown;
  resetKey?: string;
}

/**
 * Catches what a page throws while rendering, including a lazy page whose chunk failed to
 * load: that one gets the "platform updated" page, anything else the generic one.
 */
export class PageErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }

  retry = () => this.setState({ error: null });

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return isChunkLoadError(error) ? <ChunkLoadErrorPage /> : <BoundaryErrorPage onRetry={this.retry} />;
  }
}
