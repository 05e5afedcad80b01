import { Component, lazy, type ReactNode, Suspense } from 'react';

/** antd's Result, with its three pictures (~10 KiB gzip), fetched only if the content crashes. */
const Result = lazy(() => import('antd/es/result'));

/**
 * pro-utils' `ErrorBoundary` (ProLayout wraps the content in it), put in its place by
 * rspack.config.ts: the same fallback, but its `Result` is not on the first page.
 */
export class ErrorBoundary extends Component<
  { children?: ReactNode },
  { hasError: boolean; errorInfo: string }
> {
  override state = { hasError: false, errorInfo: '' };

  static getDerivedStateFromError(error: Error) {
    return { hasError: true, errorInfo: error.message };
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <Suspense fallback={null}>
        <Result status="error" title="Something went wrong." extra={this.state.errorInfo} />
      </Suspense>
    );
  }
}
