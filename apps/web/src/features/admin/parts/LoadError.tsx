import { Trans } from '@lingui/react/macro';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';

/** A section's failed load (admin §8): the spec's red 'Failed to load …' text, the server's reason and 'Try again'. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const reason = error instanceof Error && error.message && error.message !== title ? error.message : null;
  return (
    <Alert tone="error" title={title}>
      {reason && <p>{reason}</p>}
      {onRetry && (
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      )}
    </Alert>
  );
}
