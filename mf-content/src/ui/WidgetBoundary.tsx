import { Component, type ReactNode } from 'react';
import { isLeavingPage } from '@party/shared-ui';

interface WidgetBoundaryProps {
  /** Shown instead of the widget when it fails; `retry` renders it again. */
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  onFailure: (error: unknown) => void;
  children: ReactNode;
}

/** Keeps a failing widget from another remote to its own box: the rest of the page stays. */
export class WidgetBoundary extends Component<WidgetBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    // A load cut short by the visitor leaving is no failure.
    if (isLeavingPage()) return;
    console.warn('A widget from another remote could not be shown:', error);
    this.props.onFailure(error);
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
