import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/button.tsx';

type Props = { children: ReactNode };
type State = { error: Error | null };

/** The spec's error screen: Try Again clears the error, Reload Page, Go Home. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
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
    <div
      role="alert"
      className="mx-auto mt-24 max-w-lg rounded-xl border border-border bg-surface p-8 text-center shadow-sm"
    >
      <h1 className="text-2xl font-semibold text-ink">Something went wrong</h1>
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
  );
}
