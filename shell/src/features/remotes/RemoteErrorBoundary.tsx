import { Component, type ReactNode } from 'react';
import type { RemoteName } from '@party/shared-contracts';
import { RemoteUnavailable } from './RemoteUnavailable';

interface Props {
  remote: RemoteName;
  onFailure: (remote: RemoteName, error: Error) => void;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Keeps a remote that fails to load or render from taking the rest of the site down. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.warn(`[shell] ${this.props.remote} is unavailable: ${error.message}`);
    this.props.onFailure(this.props.remote, error);
  }

  override render() {
    return this.state.failed ? <RemoteUnavailable onRetry={this.props.onRetry} /> : this.props.children;
  }
}
