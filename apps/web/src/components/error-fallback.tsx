import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import { PageTitle } from './ui/page-title.tsx';

type Props = {
  children: ReactNode;
  /**
   * A new value clears the error, as Try Again does: pass the location's pathname so that
   * leaving the failed page shows the next one. Unlike a React `key`, it does not remount the
   * healthy children (the signed-in layout and its live event stream) on every navigation.
   */
  resetKey?: string;
};
type State = { error: Error | null; resetKey?: string };

/** The spec's error screen: Try Again clears the error, Reload Page, Go Home. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  handleTryAgain = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorFallback onTryAgain={this.handleTryAgain} />;
  }
}

export function ErrorFallback({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    // The outer padding keeps the card off the screen edges on a phone.
    <div className="px-4 pt-12 sm:pt-24">
      <div
        role="alert"
        className="mx-auto max-w-lg rounded-xl border border-border bg-surface p-6 text-center shadow-sm sm:p-8"
      >
        <PageTitle>Something went wrong</PageTitle>
        <p className="mt-2 text-ink-muted">
          We&apos;re sorry, but something unexpected happened. Please try refreshing the page or go
          back to the homepage.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button onClick={onTryAgain}>Try Again</Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            Go Home
          </Button>
        </div>
      </div>
    </div>
  );
}
