import { Component, type ReactNode } from 'react';

/** Keeps one broken pane (a bad graph, a lazy chunk that failed to load) from blanking the app. */
export class ErrorBoundary extends Component<{ what: string; children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <p className="error-text pad" role="alert">
          Could not show {this.props.what}: {this.state.error.message}
        </p>
      );
    }
    return this.props.children;
  }
}
