import { useEffect, useRef, useState } from 'react';
import type { EmbedSettings } from '@souq/shared/api/embeds';
import { EMBED_AUTO_HEIGHT_PX } from '@souq/shared/constants';
import { Trans, useLingui } from '@lingui/react/macro';
import { currentMsg } from '@/lib/use-msg';
import { EMBED_HEIGHT_MESSAGE, embedUrl } from '@souq/shared/rules/embed';
import { notify } from '@/components/ui/toast';
import { Button } from '@/components/ui/Button';
import { cx } from '@/components/ui/cx';
import { publicOrigin } from '@/lib/public-origin';

const cssSize = (v: string, auto: string) => (v === 'auto' ? auto : /^\d+(\.\d+)?$/.test(v) ? `${v}px` : v);

/** Copies text and says so with the spec's words. */
export async function copyEmbedCode(code: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(code);
    notify.success(currentMsg().embedCopied);
  } catch {
    notify.error(currentMsg().clipboardFailed);
  }
}

/**
 * The embed as another site shows it: the real card page in an iframe with the settings' size, on a light or dark
 * page background; with height 'auto' the frame follows the height the card reports (as the embed code's script does).
 */
export function EmbedPreview({ productId, productName, settings, className }: { productId: number; productName: string; settings: EmbedSettings; className?: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [reported, setReported] = useState<number | null>(null);
  const [page, setPage] = useState<'light' | 'dark'>('light');
  const { t } = useLingui();
  const src = embedUrl(publicOrigin(), productId, settings);
  const frameOrigin = new URL(src).origin;

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: string; height?: number } | null;
      if (e.origin === frameOrigin && e.source === frame.current?.contentWindow && data?.type === EMBED_HEIGHT_MESSAGE && Number.isFinite(data.height)) {
        setReported(Math.ceil(Number(data.height)));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameOrigin]);

  const height = settings.height === 'auto' ? `${reported ?? EMBED_AUTO_HEIGHT_PX}px` : cssSize(settings.height, `${EMBED_AUTO_HEIGHT_PX}px`);
  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-700"><Trans>Preview</Trans></p>
        <div className="flex gap-1" role="group" aria-label={t`Preview page background`}>
          {(['light', 'dark'] as const).map((p) => (
            <Button key={p} size="sm" variant={page === p ? 'secondary' : 'ghost'} aria-pressed={page === p} onClick={() => setPage(p)}>
              {p === 'light' ? t`Light page` : t`Dark page`}
            </Button>
          ))}
        </div>
      </div>
      <div className={cx('overflow-hidden rounded-xl border p-4', page === 'dark' ? 'border-slate-700 bg-slate-900' : 'border-slate-200 bg-slate-50')}>
        <iframe
          ref={frame}
          key={src}
          src={src}
          title={t`${productName} on Souq (preview)`}
          loading="lazy"
          style={{ width: cssSize(settings.width, '100%'), maxWidth: '100%', height, border: 0, overflow: 'hidden', display: 'block' }}
        />
      </div>
    </div>
  );
}
