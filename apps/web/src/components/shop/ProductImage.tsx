import { useEffect, useRef, useState } from 'react';
import { cx } from '@/components/ui/cx';

/**
 * A product picture that falls back to a neutral placeholder when there is no image or it fails to load — never the
 * browser's broken-image icon. A server-rendered picture can fail before React attaches onError (hydration comes
 * later), so a picture that has already finished without pixels is caught when it mounts.
 * Lazy by default: shelves hold 80 cards and only the visible ones should download. An eager picture is one of the
 * first in view, often the page's largest paint: it is fetched at high priority.
 */
export function ProductImage({ src, alt, className, eager = false }: { src: string | null | undefined; alt: string; className?: string; eager?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const el = img.current;
    if (src && el?.complete && el.naturalWidth === 0) setFailed(src);
  }, [src]);
  if (!src || failed === src) {
    return (
      <div role="img" aria-label={alt} className={cx('flex items-center justify-center bg-gradient-to-br from-slate-100 to-slate-200 text-slate-400', className)}>
        <svg viewBox="0 0 24 24" className="h-1/3 max-h-12 w-1/3 max-w-12" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="M21 16l-5-5-9 9" />
        </svg>
      </div>
    );
  }
  return (
    <img
      ref={img}
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      onError={() => setFailed(src)}
      className={cx('bg-slate-100 object-cover', className)}
    />
  );
}
