import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface PluginErrorBoundaryProps {
  pluginId: string;
  fallback(retry: () => void): ReactNode;
  /** Called before the boundary renders its children again. */
  onRetry(): void;
  children?: ReactNode;
}

interface State {
  error: Error | null;
}

/** One per plugin: a remote that fails to load or throws while rendering takes down only its own area. */
export class PluginErrorBoundary extends Component<PluginErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[pf_host] UI plugin "${this.props.pluginId}" failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.retry) : this.props.children;
  }
}
